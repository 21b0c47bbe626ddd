import { Icon, type IconProps } from '@chakra-ui/react';

/** A few inline line icons (24 x 24, stroke), decorative unless given an aria-label by the caller. */
function LineIcon({ children, ...props }: IconProps) {
  return (
    <Icon aria-hidden="true" {...props} asChild>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {children}
      </svg>
    </Icon>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </LineIcon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M20 6 9 17l-5-5" />
    </LineIcon>
  );
}

export function ArrowLeftIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M19 12H5M12 19l-7-7 7-7" />
    </LineIcon>
  );
}
