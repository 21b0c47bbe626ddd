import { Box, Link } from '@chakra-ui/react';
import Markdown, { type Components } from 'react-markdown';
import { Link as RouterLink } from 'react-router';
import remarkGfm from 'remark-gfm';

/**
 * Links inside a post go through the router for site paths and open other addresses in a new tab; a
 * table scrolls sideways on narrow screens inside a region that keyboard users can focus and scroll.
 */
const components: Components = {
  table({ children }) {
    return (
      <Box role="region" aria-label="Table" tabIndex={0} overflowX="auto">
        <table>{children}</table>
      </Box>
    );
  },
  a({ href = '', children }) {
    if (href.startsWith('/')) {
      return (
        <Link asChild color="blue.700" textDecoration="underline">
          <RouterLink to={href}>{children}</RouterLink>
        </Link>
      );
    }
    return (
      <Link href={href} color="blue.700" textDecoration="underline" target="_blank" rel="noopener noreferrer">
        {children}
      </Link>
    );
  },
};

/**
 * A post body rendered from markdown (GitHub-flavoured: tables, lists). Raw HTML in the markdown is
 * dropped (skipHtml, and no rehype-raw), so a post can never inject markup or scripts.
 */
export function MarkdownArticle({ markdown }: { markdown: string }) {
  return (
    <Box
      fontSize="lg"
      lineHeight="1.75"
      color="gray.800"
      css={{
        '& > * + *': { marginTop: '1.1em' },
        '& h2': { fontSize: '1.6rem', fontWeight: 'bold', lineHeight: '1.3', marginTop: '1.8em', color: 'gray.900' },
        '& h3': { fontSize: '1.25rem', fontWeight: 'bold', lineHeight: '1.35', marginTop: '1.5em', color: 'gray.900' },
        '& ul': { paddingInlineStart: '1.5em', listStyleType: 'disc' },
        '& ol': { paddingInlineStart: '1.5em', listStyleType: 'decimal' },
        '& li + li': { marginTop: '0.4em' },
        '& strong': { fontWeight: 'semibold', color: 'gray.900' },
        '& blockquote': {
          borderInlineStartWidth: '4px',
          borderColor: 'blue.200',
          paddingInlineStart: '1em',
          color: 'gray.700',
        },
        '& table': { width: 'full', borderCollapse: 'collapse', fontSize: 'md' },
        '& th, & td': {
          borderWidth: '1px',
          borderColor: 'gray.200',
          padding: '0.5em 0.75em',
          textAlign: 'start',
          verticalAlign: 'top',
        },
        // Words stay whole ('$145,000', 'Kitchen'; the app breaks long words anywhere in main): the table
        // scrolls sideways in its region instead.
        '& :is(th, td), & :is(th, td) *': { overflowWrap: 'normal' },
        '& th': { background: 'gray.50', fontWeight: 'semibold' },
        '& hr': { borderColor: 'gray.200' },
      }}
    >
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {markdown}
      </Markdown>
    </Box>
  );
}
