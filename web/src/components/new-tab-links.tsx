import { Button, Link, type ButtonProps, type LinkProps } from '@chakra-ui/react';
import { brand } from '../../../shared/brand/brand.ts';

/** A link that opens in a new tab (legal pages beside a form, so the form stays as it is). */
export function NewTabLink({ href, children, ...props }: LinkProps & { href: string }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" color="blue.700" {...props}>
      {children}
    </Link>
  );
}

/** A button to the external consultation scheduling page, opened in a new tab. */
export function SchedulingButton({ children, ...props }: ButtonProps) {
  return (
    <Button asChild colorPalette="blue" {...props}>
      <a href={brand.schedulingUrl} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    </Button>
  );
}
