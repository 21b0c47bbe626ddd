import { z } from 'zod';
import { isBlank } from './field-errors.ts';
import { requiredText } from './pre-qualification.ts';

/** docs/product.md §5, Registration form. */

/** Optional http(s)://, a domain, a top-level domain of 2 to 6 letters, an optional path. */
export const URL_PATTERN = /^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,6}(\/\S*)?$/i;

/** 5 digits, or 5+4 with a hyphen. */
export const ZIP_CODE_PATTERN = /^\d{5}(-\d{4})?$/;

const WEBSITE_REQUIRED_MESSAGE = 'Website URL is required';
const INVALID_URL_MESSAGE = 'Please enter a valid URL';
const ZIP_CODE_REQUIRED_MESSAGE = 'ZIP code is required';
const INVALID_ZIP_CODE_MESSAGE = 'Please enter a valid ZIP code';
const AGREE_TO_TERMS_MESSAGE = 'You must agree to the terms';

/** A required ZIP code, 5 or 5+4 digits (also used by the admin's letter form). */
export const zipCodeSchema = z
  .string()
  .trim()
  .min(1, ZIP_CODE_REQUIRED_MESSAGE)
  .regex(ZIP_CODE_PATTERN, INVALID_ZIP_CODE_MESSAGE);

export const registrationSchema = z
  .object({
    legalBusinessName: requiredText('Business name is required'),
    websiteUrl: z.string().trim(),
    noWebsite: z.boolean(),
    address: requiredText('Address is required'),
    suite: z.string(),
    city: requiredText('City is required'),
    state: requiredText('State is required'),
    zipCode: zipCodeSchema,
    businessStartDate: requiredText('Business start date is required'),
    agreeToTerms: z.boolean().refine((agreed) => agreed, AGREE_TO_TERMS_MESSAGE),
  })
  .superRefine((form, context) => {
    // The website is required, and checked, unless "no website" is ticked.
    if (form.noWebsite) return;
    if (isBlank(form.websiteUrl)) {
      context.addIssue({ code: 'custom', path: ['websiteUrl'], message: WEBSITE_REQUIRED_MESSAGE });
    } else if (!URL_PATTERN.test(form.websiteUrl)) {
      context.addIssue({ code: 'custom', path: ['websiteUrl'], message: INVALID_URL_MESSAGE });
    }
  });
