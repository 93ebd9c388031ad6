import { ArrowLeft, CirclePlay, HandCoins, LifeBuoy, LogIn } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type Location, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageSkeleton } from '@/app/layout/page-skeleton';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs } from '@/components/ui/tabs';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { VerifyEmailResult } from '@/features/auth/components/verify-email-result';
import { useAuth } from '@/lib/auth/auth-context';
import { useDemoActions } from '@/lib/demo/demo-actions';

export const AUTH_MODES = [
  'sign-in',
  'sign-up',
  'forgot-password',
  'reset-password',
  'verify-email',
  'demo',
] as const;
export type AuthMode = (typeof AUTH_MODES)[number];
type TabMode = 'sign-in' | 'sign-up';

export function parseAuthMode(value: string | null): AuthMode {
  return (AUTH_MODES as readonly string[]).includes(value ?? '') ? (value as AuthMode) : 'sign-in';
}

/** Where to go once signed in: the page a guard sent the person away from, else home. */
export function returnPathOf(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === '/auth') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Modes that make no sense once signed in: they send the person on. */
const SIGNED_OUT_MODES: ReadonlySet<AuthMode> = new Set(['sign-in', 'sign-up', 'forgot-password']);

/**
 * `/auth`: sign in or sign up (tabs), forgot and reset password, the result of a verification
 * link, and the demo. `?mode=` picks the view, so mail links and the demo item land on theirs.
 */
export function AuthPage() {
  const { t } = useTranslation(['auth', 'screens']);
  const auth = useAuth();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = parseAuthMode(searchParams.get('mode'));
  const token = searchParams.get('token') ?? '';
  const returnPath = returnPathOf(location.state);

  // Keeps the page to come back to across modes.
  const showMode = (next: AuthMode) =>
    setSearchParams({ mode: next }, { replace: true, state: location.state });
  const backToSignIn =
    auth.status !== 'signedIn' ? (
      <Button variant="ghost" className="self-start" onClick={() => showMode('sign-in')}>
        <ArrowLeft aria-hidden="true" />
        {t('auth:backToSignIn')}
      </Button>
    ) : null;

  if (mode === 'demo') return <EnterDemo to={returnPath} />;
  if (auth.status === 'signedIn' && !auth.demo && SIGNED_OUT_MODES.has(mode)) {
    return <Navigate to={returnPath} replace />;
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={LogIn} title={t('screens:auth.title')} description={t('screens:auth.description')} />
      {auth.demo ? <InDemoNotice /> : null}
      {auth.demo ? null : mode === 'sign-in' || mode === 'sign-up' ? (
        <Card>
          <CardContent className="pt-3 sm:pt-4">
            <Tabs<TabMode>
              label={t('auth:tabs.label')}
              tabs={[
                { value: 'sign-in', label: t('auth:tabs.signIn') },
                { value: 'sign-up', label: t('auth:tabs.signUp') },
              ]}
              value={mode}
              onValueChange={showMode}
            >
              {mode === 'sign-in' ? <SignInForm /> : <SignUpForm onSignIn={() => showMode('sign-in')} />}
            </Tabs>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>{t(`auth:modes.${mode}`)}</CardTitle>
            {mode === 'reset-password' ? (
              <CardDescription>{t('auth:reset.description')}</CardDescription>
            ) : null}
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {mode === 'forgot-password' ? <ForgotPasswordForm /> : null}
            {mode === 'forgot-password' ? backToSignIn : null}
            {/* These offer their own "Sign in" once done: the way back shows only until then. */}
            {mode === 'reset-password' ? (
              <ResetPasswordForm token={token} onSignIn={() => showMode('sign-in')} back={backToSignIn} />
            ) : null}
            {mode === 'verify-email' ? (
              <VerifyEmailResult token={token} onSignIn={() => showMode('sign-in')} back={backToSignIn} />
            ) : null}
          </CardContent>
        </Card>
      )}
      {auth.status !== 'signedIn' ? <DemoCard returnPath={returnPath} /> : null}
      <Link
        to="/quick-tip"
        reloadDocument
        className={buttonVariants({ variant: 'ghost', className: 'self-center' })}
      >
        <HandCoins aria-hidden="true" />
        {t('screens:auth.quickTip')}
      </Link>
      <Link to="/help" className={buttonVariants({ variant: 'ghost', className: 'self-center' })}>
        <LifeBuoy aria-hidden="true" />
        {t('screens:auth.help')}
      </Link>
    </div>
  );
}

/** A demo user cannot sign in or up (nothing leaves the browser in the demo): leave it first. */
function InDemoNotice() {
  const { t } = useTranslation('auth');
  const { exitDemo } = useDemoActions();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('inDemo.title')}</CardTitle>
        <CardDescription>{t('inDemo.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="primary" size="lg" className="w-full" onClick={() => void exitDemo()}>
          {t('inDemo.exit')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** "Try the demo": a sample account, in this browser only, where nothing real happens. */
function DemoCard({ returnPath }: { returnPath: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { enterDemo } = useDemoActions();
  return (
    <Card className="border-brand/40 bg-brand-soft/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CirclePlay aria-hidden="true" className="size-5 text-brand" />
          {t('demo.title')}
        </CardTitle>
        <CardDescription>{t('demo.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="brand"
          size="lg"
          className="w-full"
          onClick={() => {
            void enterDemo();
            navigate(returnPath, { replace: true });
          }}
        >
          <CirclePlay aria-hidden="true" />
          {t('demo.start')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** `/auth?mode=demo` (the navigation's "Try the demo"): enters the demo at once and moves on. */
function EnterDemo({ to }: { to: string }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <PageSkeleton />;
  // A signed-in person is asked first: the demo replaces what they see, not their account.
  if (auth.status === 'signedIn' && !auth.demo) return <ConfirmDemo to={to} />;
  return <EnterDemoNow to={to} />;
}

function EnterDemoNow({ to }: { to: string }) {
  const navigate = useNavigate();
  const { enterDemo } = useDemoActions();
  useEffect(() => {
    void enterDemo();
    navigate(to, { replace: true });
  }, [enterDemo, navigate, to]);
  return <PageSkeleton />;
}

/** "Try the demo" while signed in: what it means for the account, before anything changes. */
function ConfirmDemo({ to }: { to: string }) {
  const { t } = useTranslation(['auth', 'screens']);
  const navigate = useNavigate();
  const { enterDemo } = useDemoActions();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={CirclePlay} title={t('auth:demo.confirmTitle')} />
      <Card className="border-brand/40 bg-brand-soft/40">
        <CardHeader>
          <CardDescription>{t('auth:demo.confirmDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 sm:flex-row">
          <Button
            variant="brand"
            size="lg"
            onClick={() => {
              void enterDemo({ overAccount: true });
              navigate(to, { replace: true });
            }}
          >
            <CirclePlay aria-hidden="true" />
            {t('auth:demo.confirmStart')}
          </Button>
          <Button variant="ghost" size="lg" onClick={() => navigate(to, { replace: true })}>
            {t('auth:demo.notNow')}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
