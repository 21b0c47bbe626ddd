import { Route, Routes } from 'react-router';
import { RouteGuard } from '../components/route-guard.tsx';
import { SiteLayout } from '../components/site-layout.tsx';
import { startAuthSync } from '../lib/auth-state.ts';
import { lazyComponent } from '../lib/lazy-component.ts';

const HomePage = lazyComponent(
  () => import('../features/marketing/home-page.tsx'),
  (m) => m.HomePage,
);
const HowItWorksPage = lazyComponent(
  () => import('../features/marketing/how-it-works-page.tsx'),
  (m) => m.HowItWorksPage,
);
const FaqPage = lazyComponent(
  () => import('../features/marketing/faq-page.tsx'),
  (m) => m.FaqPage,
);
const AboutPage = lazyComponent(
  () => import('../features/marketing/about-page.tsx'),
  (m) => m.AboutPage,
);
const LoansPage = lazyComponent(
  () => import('../features/marketing/loans-page.tsx'),
  (m) => m.LoansPage,
);
const BookingSuccessPage = lazyComponent(
  () => import('../features/marketing/booking-success-page.tsx'),
  (m) => m.BookingSuccessPage,
);
const TermsPage = lazyComponent(
  () => import('../features/legal/terms-page.tsx'),
  (m) => m.TermsPage,
);
const PrivacyPage = lazyComponent(
  () => import('../features/legal/privacy-page.tsx'),
  (m) => m.PrivacyPage,
);
const StoreLayout = lazyComponent(
  () => import('./store-layout.tsx'),
  (m) => m.StoreLayout,
);
const ApplyPage = lazyComponent(
  () => import('../features/apply/apply-page.tsx'),
  (m) => m.ApplyPage,
);
const CalculatorPage = lazyComponent(
  () => import('../features/calculator/calculator-page.tsx'),
  (m) => m.CalculatorPage,
);
const RegisterPage = lazyComponent(
  () => import('../features/register/register-page.tsx'),
  (m) => m.RegisterPage,
);
const RegisterBusinessPage = lazyComponent(
  () => import('../features/register/register-page.tsx'),
  (m) => m.RegisterBusinessPage,
);
const RegisterReviewPage = lazyComponent(
  () => import('../features/register/register-review-page.tsx'),
  (m) => m.RegisterReviewPage,
);
const RegisterSuccessPage = lazyComponent(
  () => import('../features/register/register-success-page.tsx'),
  (m) => m.RegisterSuccessPage,
);
const TestEdgeFunctionPage = lazyComponent(
  () => import('../features/dev-tools/test-edge-function-page.tsx'),
  (m) => m.TestEdgeFunctionPage,
);
const BlogListPage = lazyComponent(
  () => import('../features/blog/blog-list-page.tsx'),
  (m) => m.BlogListPage,
);
const BlogPostPage = lazyComponent(
  () => import('../features/blog/blog-post-page.tsx'),
  (m) => m.BlogPostPage,
);
const PortalPage = lazyComponent(
  () => import('../features/portal/portal-page.tsx'),
  (m) => m.PortalPage,
);
const PortalLoginPage = lazyComponent(
  () => import('../features/auth/portal-login-page.tsx'),
  (m) => m.PortalLoginPage,
);
const ForgotPasswordPage = lazyComponent(
  () => import('../features/auth/forgot-password-page.tsx'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = lazyComponent(
  () => import('../features/auth/reset-password-page.tsx'),
  (m) => m.ResetPasswordPage,
);
const AdminLoginPage = lazyComponent(
  () => import('../features/admin/admin-login-page.tsx'),
  (m) => m.AdminLoginPage,
);
const AdminDashboardPage = lazyComponent(
  () => import('../features/admin/admin-dashboard-page.tsx'),
  (m) => m.AdminDashboardPage,
);
const LenderPackagePage = lazyComponent(
  () => import('../features/lender-view/lender-package-page.tsx'),
  (m) => m.LenderPackagePage,
);
const NotFoundPage = lazyComponent(
  () => import('../features/marketing/not-found-page.tsx'),
  (m) => m.NotFoundPage,
);

/**
 * The signed-in screens' pages by address, with the store layout they sit in: the server sends these addresses
 * as an empty app page with their code preloaded (server/cli/web-build.ts, appShellRoutes).
 */
export const signedInScreens: Readonly<Record<string, readonly { preload: () => Promise<void> }[]>> = {
  '/portal': [StoreLayout, PortalPage],
  '/portal/login': [StoreLayout, PortalLoginPage],
  '/admin': [StoreLayout, AdminDashboardPage],
  '/admin/login': [StoreLayout, AdminLoginPage],
};

/**
 * Loads the code of a signed-in screen's page (none for any other address), for the app's first render to show
 * it at once rather than a loading state React then keeps for 300 ms. Its route guard waits for the session:
 * supabase-js (preloaded with the page) starts reading it now, while the app starts, rather than once the guard
 * is drawn.
 */
export async function loadScreenCode(pathname: string): Promise<void> {
  const pages = signedInScreens[pathname.replace(/(.)\/+$/, '$1')] ?? [];
  if (pages.length > 0) void startAuthSync();
  await Promise.all(pages.map((page) => page.preload()));
}

/**
 * Every route of docs/product.md §2 (Route table), each page a lazy chunk so the home page carries no other screen's
 * code. Routes that use the Redux store (RTK Query) sit under the lazy StoreLayout, so Redux Toolkit
 * does not load with the home page either. Declarative routes (BrowserRouter in main.tsx) rather than
 * createBrowserRouter: the data router's engine alone is ~20 KB gzip, which the home page's 150 KB
 * budget cannot carry. Protected routes wrap their element in RouteGuard (components/route-guard.tsx).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        <Route path="how-it-works" element={<HowItWorksPage />} />
        <Route path="faq" element={<FaqPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="loans" element={<LoansPage />} />
        <Route path="booking-success" element={<BookingSuccessPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="calculator" element={<CalculatorPage />} />
        <Route path="register/success" element={<RegisterSuccessPage />} />
        <Route path="lender" element={<LenderPackagePage />} />
        <Route element={<StoreLayout />}>
          <Route path="apply" element={<ApplyPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="register/business" element={<RegisterBusinessPage />} />
          <Route path="register/review" element={<RegisterReviewPage />} />
          <Route path="test-edge-function" element={<TestEdgeFunctionPage />} />
          <Route path="blog" element={<BlogListPage />} />
          <Route path="blog/:id" element={<BlogPostPage />} />
          <Route
            path="portal"
            element={
              <RouteGuard preload={PortalPage.preload}>
                <PortalPage />
              </RouteGuard>
            }
          />
          <Route path="portal/login" element={<PortalLoginPage />} />
          <Route path="portal/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="portal/reset-password" element={<ResetPasswordPage />} />
          <Route path="admin/login" element={<AdminLoginPage />} />
          <Route
            path="admin"
            element={
              <RouteGuard adminOnly preload={AdminDashboardPage.preload}>
                <AdminDashboardPage />
              </RouteGuard>
            }
          />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
