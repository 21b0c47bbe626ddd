import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * A table's styles that show each row as a card below the md breakpoint (phones): the header row is hidden
 * and every cell shows its column's name above its value, from the cell's `data-label`. A table of seven or
 * eight columns would otherwise scroll sideways at 390 px, hiding the actions behind the row's end. From md up
 * the table is a table. The rows and cells keep their roles (set explicitly, as a table laid out as blocks may
 * lose them), so a screen reader still reads a table of rows.
 */
export const rowsAsCardsOnPhones: SystemStyleObject = {
  mdDown: {
    display: 'block',
    '& thead': { display: 'none' },
    '& tbody, & tr': { display: 'block' },
    '& tr': { borderBottomWidth: '1px', py: '2' },
    // A word wider than the card (a long e-mail address) breaks rather than pushing the card wider.
    '& td': { display: 'block', borderBottomWidth: '0', px: '0', py: '1', overflowWrap: 'anywhere' },
    '& td::before': {
      content: 'attr(data-label)',
      display: 'block',
      fontSize: 'xs',
      fontWeight: 'semibold',
      color: 'gray.600',
    },
  },
};
