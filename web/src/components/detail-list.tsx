import { Box, chakra } from '@chakra-ui/react';

/** A label and its value; `note`, when given, says under the value what the reader should check. */
export type DetailRow = { label: string; value: string; note?: string | undefined };

/**
 * Read-only label/value pairs as a description list (what a visitor entered, on a review screen). Values keep
 * their line breaks.
 */
export function DetailList({ rows, labelShare = 2 }: { rows: readonly DetailRow[]; labelShare?: 1 | 2 }) {
  return (
    <chakra.dl
      display="grid"
      gridTemplateColumns={{ base: '1fr', sm: `minmax(0, ${labelShare}fr) minmax(0, 3fr)` }}
      gapX="4"
      gapY="2"
    >
      {rows.map((row) => (
        // A div around each pair is allowed in a dl; display: contents keeps the pair in the grid.
        <Box key={row.label} display="contents">
          <chakra.dt color="gray.600" textStyle="sm">
            {row.label}
          </chakra.dt>
          <chakra.dd fontWeight="medium" whiteSpace="pre-line" overflowWrap="anywhere" mb={{ base: '2', sm: '0' }}>
            {row.value}
            {row.note ? (
              <chakra.span display="block" fontWeight="normal" textStyle="sm" color="orange.800">
                {row.note}
              </chakra.span>
            ) : null}
          </chakra.dd>
        </Box>
      ))}
    </chakra.dl>
  );
}
