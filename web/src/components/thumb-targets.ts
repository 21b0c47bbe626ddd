import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * A screen's styles that make every button and file input a target of 44 by 44 CSS pixels at least below the md
 * breakpoint (phones), where a thumb presses them (WCAG 2.5.5): the recipes' xs and sm buttons are 32 and 36 high.
 * From md up they keep their sizes.
 */
export const thumbSizedTargetsOnPhones: SystemStyleObject = {
  mdDown: {
    '& button, & input[type="file"]': { minHeight: '44px', minWidth: '44px' },
    '& input[type="file"]::file-selector-button': { minHeight: '44px' },
  },
};
