import {
  ACCEPTANCE_STATEMENT,
  offerSha256,
  offerText,
  UNNAMED_LENDER,
  type OfferRevision,
} from '../../../shared/offers/offer-text.ts';
import { callerAddress, json, preflight, readJson, type FunctionHandler } from '../_shared/http.ts';
import { linesEmail, type MailMessage, type SendMail } from '../_shared/mail.ts';
import { applicantLetter } from '../_shared/applicant-events.ts';
import { officerAddress } from '../_shared/officer-events.ts';
import { signedInCaller, type FunctionEnvironment } from '../_shared/service-client.ts';
import { signatureNameMessage, signsAsApplicant } from '../../../shared/offers/signature-name.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The refusals the function answers itself (the database's own are answered in its words). */
export const ACCEPT_OFFER_MESSAGES = {
  signIn: 'Sign in first',
  noSuchOffer: 'No offer of yours has this id',
  statement: `To accept the offer, tick the statement: ${ACCEPTANCE_STATEMENT}`,
  badRequest: 'offerId must be an offer id, and shownSha256 the SHA-256 of the offer as shown',
  changed: 'The offer changed while you were reading it: review it again.',
  failed: 'The offer could not be accepted. Try again in a moment.',
} as const;

/** The statuses of the database's refusals, by SQLSTATE (accept_loan_offer). */
const refusalStatus: Record<string, number> = { P0002: 404, PT409: 409, '23505': 409, '22023': 400 };

type PackageRow = {
  id: string;
  lender_id: string | null;
  bank_name: string | null;
  bank_email: string | null;
  sent_by: string | null;
  link_revoked_at: string | null;
};

type OfferRow = Omit<OfferRevision, 'lender_name'> & {
  id: string;
  package_id: string;
  application_id: string;
  revision: number;
};

type ApplicationRow = {
  id: string;
  user_id: string | null;
  email: string;
  business_name: string;
  first_name: string;
  last_name: string;
};

const offerColumns =
  'id, package_id, application_id, revision, amount, rate_kind, fixed_rate, rate_index, spread, term_months, ' +
  'lender_fees, sba_guaranty_fee, collateral, conditions, expires_on';
const packageColumns = 'id, lender_id, bank_name, bank_email, sent_by, link_revoked_at';

/**
 * The lender's name as the portal shows it, so that the offer's text is the one the applicant was shown: its name in
 * the network while the applicant's consent to it stands approved (applicant_offers()), else no name.
 */
async function shownLenderName(environment: FunctionEnvironment, offer: OfferRow, sent: PackageRow): Promise<string> {
  if (!sent.lender_id) return UNNAMED_LENDER;
  const [lender, consent] = await Promise.all([
    environment.service.from('lenders').select('name').eq('id', sent.lender_id).maybeSingle(),
    environment.service
      .from('lender_consents')
      .select('id')
      .eq('application_id', offer.application_id)
      .eq('lender_id', sent.lender_id)
      .eq('status', 'approved')
      .limit(1),
  ]);
  if (lender.error) throw new Error(lender.error.message);
  if (consent.error) throw new Error(consent.error.message);
  const name = (lender.data as { name: string } | null)?.name;
  return name && (consent.data ?? []).length > 0 ? name : UNNAMED_LENDER;
}

/** The packages of these ids (the server's REST API embeds no other table: read apart). */
async function packagesOf(environment: FunctionEnvironment, ids: string[]): Promise<PackageRow[]> {
  if (ids.length === 0) return [];
  const { data, error } = await environment.service.from('bank_packages').select(packageColumns).in('id', ids);
  if (error) throw new Error(error.message);
  return (data ?? []) as PackageRow[];
}

/**
 * accept-offer: the applicant accepts one live offer of their application (docs/product.md, Offers and funding).
 * Only a signed-in caller whose application the offer is; body {offerId, fullName, statement, shownSha256}. The
 * full name must be the applicant's as on the application (shared/offers/signature-name.ts), the statement the one
 * the portal shows, and the offer's canonical text (shared/offers/offer-text.ts) must hash to what the applicant
 * was shown: a revision made meanwhile is refused with 409. The database then decides
 * (accept_loan_offer: live, not accepted yet, a name typed) and stores the caller's address and browser with it.
 * Accepted, it e-mails the officer who sent the package, the chosen lender, and every other lender with a live
 * offer on the application (without naming the chosen one). Answers {success, acceptedAt}.
 */
export function createAcceptOfferHandler(environment: FunctionEnvironment & { sendMail: SendMail }): FunctionHandler {
  const { service } = environment;
  return async (request) => {
    const early = preflight(request);
    if (early) return early;
    const caller = await signedInCaller(request, service);
    if (!caller) return json({ success: false, error: ACCEPT_OFFER_MESSAGES.signIn }, 401);
    const body = (await readJson(request)) as Record<string, unknown> | undefined;
    const offerId = typeof body?.offerId === 'string' ? body.offerId : '';
    const shownSha256 = typeof body?.shownSha256 === 'string' ? body.shownSha256 : '';
    const fullName = typeof body?.fullName === 'string' ? body.fullName : '';
    if (!uuid.test(offerId) || !/^[0-9a-f]{64}$/.test(shownSha256)) {
      return json({ success: false, error: ACCEPT_OFFER_MESSAGES.badRequest }, 400);
    }
    if (body?.statement !== ACCEPTANCE_STATEMENT) {
      return json({ success: false, error: ACCEPT_OFFER_MESSAGES.statement }, 400);
    }
    try {
      const read = await service.from('loan_offers').select(offerColumns).eq('id', offerId).maybeSingle();
      if (read.error) throw new Error(read.error.message);
      const offer = read.data as unknown as OfferRow | null;
      const application = offer ? await applicationOf(environment, offer.application_id) : undefined;
      // The same answer for someone else's offer as for none: nobody learns which ids exist.
      if (!offer || !application || application.user_id !== caller.id) {
        return json({ success: false, error: ACCEPT_OFFER_MESSAGES.noSuchOffer }, 404);
      }
      // The typed name is the signature: the applicant's own, as on the application (none at all: the database's
      // refusal below says so).
      if (fullName.trim() !== '' && !signsAsApplicant(fullName, application)) {
        return json({ success: false, error: signatureNameMessage(application) }, 400);
      }
      const [chosen] = await packagesOf(environment, [offer.package_id]);
      if (!chosen) throw new Error('the offer has no package');
      const revision: OfferRevision = { ...offer, lender_name: await shownLenderName(environment, offer, chosen) };
      const sha256 = await offerSha256(revision);
      if (sha256 !== shownSha256) return json({ success: false, error: ACCEPT_OFFER_MESSAGES.changed }, 409);

      // The other lenders told afterwards are those whose offer is live now: after the acceptance none is.
      const others = await otherLiveOffers(environment, offer);
      const accepted = await service.rpc('accept_loan_offer', {
        applicant_id: caller.id,
        offer_id: offerId,
        full_name: fullName,
        statement: ACCEPTANCE_STATEMENT,
        offer_sha256: sha256,
        client_address: callerAddress(request),
        user_agent: request.headers.get('user-agent') ?? 'unknown',
      });
      if (accepted.error) {
        const status = refusalStatus[accepted.error.code ?? ''];
        if (status) return json({ success: false, error: accepted.error.message }, status);
        throw new Error(accepted.error.message);
      }
      const acceptedAt = String((accepted.data as { accepted_at: string }).accepted_at);
      // The acceptance is stored whatever becomes of the e-mails.
      await tellEveryone(environment, application, revision, chosen, others).catch((error: unknown) =>
        console.error('accept-offer e-mails failed:', error instanceof Error ? error.message : error),
      );
      return json({ success: true, acceptedAt });
    } catch (error) {
      console.error('accept-offer failed:', error instanceof Error ? error.message : error);
      return json({ success: false, error: ACCEPT_OFFER_MESSAGES.failed }, 500);
    }
  };
}

async function applicationOf(environment: FunctionEnvironment, id: string): Promise<ApplicationRow | undefined> {
  const { data, error } = await environment.service
    .from('applications')
    .select('id, user_id, email, business_name, first_name, last_name')
    .eq('id', id)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return (data as ApplicationRow | null) ?? undefined;
}

/** The packages of the application, other than the accepted offer's, whose latest offer is live. */
async function otherLiveOffers(environment: FunctionEnvironment, accepted: OfferRow): Promise<PackageRow[]> {
  const { data, error } = await environment.service
    .from('loan_offers')
    .select('id, package_id, revision')
    .eq('application_id', accepted.application_id)
    .neq('package_id', accepted.package_id)
    .order('revision', { ascending: false });
  if (error) throw new Error(error.message);
  const latest = new Map<string, string>();
  for (const row of (data ?? []) as { id: string; package_id: string }[]) {
    if (!latest.has(row.package_id)) latest.set(row.package_id, row.id);
  }
  const livePackages: string[] = [];
  for (const [packageId, offerId] of latest) {
    const answer = await environment.service.rpc('offer_is_live', { offer_id: offerId });
    if (answer.error) throw new Error(answer.error.message);
    if (answer.data === true) livePackages.push(packageId);
  }
  const live = await packagesOf(environment, livePackages);
  return live;
}

async function tellEveryone(
  environment: FunctionEnvironment & { sendMail: SendMail },
  application: ApplicationRow,
  offer: OfferRevision,
  chosen: PackageRow,
  others: PackageRow[],
): Promise<void> {
  const { siteUrl } = environment;
  const business = application.business_name;
  const applicant = `${application.first_name} ${application.last_name}`.trim();
  const message = (to: string, subject: string, lines: string[]) => linesEmail(to, subject, lines, siteUrl);
  const mails: MailMessage[] = [
    // The applicant keeps what they accepted, in writing.
    applicantLetter(
      { email: application.email, firstName: application.first_name, hasAccount: true },
      'You accepted an offer',
      [
        `You accepted this offer of ${offer.lender_name} for ${business}, as your client portal showed it:`,
        offerText(offer),
        'Your loan officer and the lender will be in touch about the closing. Each step is on your timeline.',
      ],
      siteUrl,
    ),
    message(await officerAddress(environment.service, chosen.sent_by), `${business}: the applicant accepted an offer`, [
      `${applicant} (${business}) accepted the offer of ${chosen.bank_name ?? offer.lender_name}:`,
      offerText(offer),
      // Accepted, the application is in the Pipeline list.
      `The application, to follow the loan to its closing: ${siteUrl}/admin?list=pipeline&application=${application.id}`,
    ]),
  ];
  if (chosen.bank_email) {
    mails.push(
      message(chosen.bank_email, `${business}: the applicant accepted your offer`, [
        `${applicant} of ${business} accepted your offer:`,
        offerText(offer),
        'The loan officer will be in touch about the closing. You can record the loan’s stages through the link of the package you were sent.',
      ]),
    );
  }
  for (const other of others) {
    if (!other.bank_email) continue;
    mails.push(
      message(other.bank_email, `${business}: the applicant chose another lender`, [
        `The applicant chose another lender for ${business}. Your offer can no longer be accepted, and the package’s link takes no more answers.`,
        'Thank you for your offer.',
      ]),
    );
  }
  for (const mail of mails) await environment.sendMail(mail);
}
