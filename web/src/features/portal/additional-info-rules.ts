import { zodResolver } from '@hookform/resolvers/zod';
import { additionalInfoSchema } from '../../../../shared/validation/additional-info.ts';

/**
 * The additional-information form's rules for react-hook-form. A module of its own so that the portal loads
 * them (zod, about 23 KB compressed) only once the applicant starts on the form, not on the portal's first load.
 */
export const additionalInfoResolver = zodResolver(additionalInfoSchema);
