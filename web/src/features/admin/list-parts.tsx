import { Box, Button, HStack, Text } from '@chakra-ui/react';

/** A searched list with no rows: why ('No clients found') and what to do or know ('Try adjusting…'). */
export function EmptyList({ title, hint }: { title: string; hint: string }) {
  return (
    <Box textAlign="center" py="6">
      <Text fontWeight="semibold">{title}</Text>
      <Text color="gray.600">{hint}</Text>
    </Box>
  );
}

/** Previous page, 'Page 2 of 5 · 112 applications', Next page: a list paged by the database. */
export function Pager({
  page,
  pages,
  total,
  noun,
  onPage,
}: {
  /** From 0. */
  page: number;
  pages: number;
  total: number;
  /** Singular and plural: ['application', 'applications']. */
  noun: readonly [string, string];
  onPage: (page: number) => void;
}) {
  return (
    <HStack gap="3" wrap="wrap">
      <Button size="sm" variant="outline" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      {/* A status message: a screen reader says how many a search found, or which page is shown. */}
      <Text fontSize="sm" role="status">
        Page {page + 1} of {pages} · {total} {total === 1 ? noun[0] : noun[1]}
      </Text>
      <Button size="sm" variant="outline" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </HStack>
  );
}
