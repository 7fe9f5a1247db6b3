import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { Sparkles } from 'lucide-react';
import { PRO_PLAN_NAME, TRIAL_DAYS } from '@shared/plans';
import { registerSchema } from '@shared/schemas/auth';
import { isApiError, serverMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useRegister } from '../api/use-register';
import { useAuth } from '@/app/auth-context';
import { PublicCardLayout } from '@/components/public-card-layout';
import { redirectTarget } from '../components/redirect-target';

const signupFormSchema = registerSchema.omit({ timeZone: true, startTrial: true });
const FIELDS = ['fullName', 'email', 'username', 'password'] as const;

function signupErrorText(error: unknown): string {
  if (isApiError(error) && (error.status === 429 || error.status >= 500)) {
    return serverMessage(error, 'Registration is unavailable right now. Please try again shortly.');
  }
  if (!isApiError(error)) return 'Could not reach Firemark. Check your connection and try again.';
  return 'Registration failed. This username or email may already be in use.';
}

export default function SignupPage() {
  useDocumentTitle('Sign Up');
  const { isAuthenticated } = useAuth();
  const register = useRegister();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  // Signing up through a trial call to action starts the trial with the account.
  const withTrial = searchParams.get('trial') === '1';
  const form = useForm({
    resolver: zodResolver(signupFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { fullName: '', email: '', username: '', password: '' },
  });
  const { errors } = form.formState;

  // "/" sends a signed-in user on to the dashboard (DECISIONS: signup goes to /); a `next`
  // path (an invitation's page, which sent them here) is where they came from.
  if (isAuthenticated) return <Navigate to={redirectTarget(null, location.search, '/')} replace />;

  const onSubmit = form.handleSubmit((values) =>
    register.mutate(withTrial ? { ...values, startTrial: true } : values, {
      onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
    }),
  );

  return (
    <PublicCardLayout
      title={withTrial ? `Start your ${TRIAL_DAYS}-day free trial` : 'Create your account'}
      description="Start tracking fire-safety compliance in minutes."
    >
      {withTrial ? (
        <p className="mb-5 flex items-start gap-2 rounded-lg border border-red-200 bg-accent p-3 text-sm text-slate-800">
          <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            Your {TRIAL_DAYS}-day {PRO_PLAN_NAME} trial starts as soon as your account is created. No credit card needed;
            afterwards the account returns to the Free plan on its own and keeps all its data.
          </span>
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {register.isError ? <FormAlert>{signupErrorText(register.error)}</FormAlert> : null}
        <FormField label="Full name" error={errors.fullName?.message}>
          {(control) => <Input {...control} autoComplete="name" {...form.register('fullName')} />}
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
        </FormField>
        <FormField
          label="Username"
          error={errors.username?.message}
          hint="At least 3 characters: letters, digits, dots, dashes or underscores."
        >
          {(control) => <Input {...control} autoComplete="username" autoCapitalize="none" {...form.register('username')} />}
        </FormField>
        <FormField label="Password" error={errors.password?.message} hint="At least 8 characters.">
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
        </FormField>
        <Button type="submit" className="w-full" disabled={register.isPending}>
          {register.isPending ? (
            <>
              <Spinner /> Creating account...
            </>
          ) : (
            'Create Account'
          )}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to={searchParams.get('next') ? `/auth/login?${new URLSearchParams({ next: searchParams.get('next')! })}` : '/auth/login'} className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </PublicCardLayout>
  );
}
