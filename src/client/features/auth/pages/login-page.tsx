import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useLocation } from 'react-router';
import { loginSchema } from '@shared/schemas/auth';
import { isApiError, serverMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useLogin } from '../api/use-login';
import { useAuth } from '@/app/auth-context';
import { PublicCardLayout } from '@/components/public-card-layout';
import { redirectTarget } from '../components/redirect-target';

function loginErrorText(error: unknown): string {
  // Rate limiting and outages are not a wrong password; saying so would mislead.
  if (isApiError(error) && (error.status === 429 || error.status >= 500)) {
    return serverMessage(error, 'Sign-in is unavailable right now. Please try again shortly.');
  }
  if (!isApiError(error)) return 'Could not reach Firemark. Check your connection and try again.';
  return 'Invalid username or password. Please try again.';
}

export default function LoginPage() {
  useDocumentTitle('Sign In');
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const login = useLogin();
  const form = useForm({
    resolver: zodResolver(loginSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  if (isAuthenticated) return <Navigate to={redirectTarget(location.state, location.search)} replace />;

  const onSubmit = form.handleSubmit((values) => login.mutate(values));
  const expired = new URLSearchParams(location.search).get('expired') === '1';
  const next = new URLSearchParams(location.search).get('next');

  return (
    <PublicCardLayout title="Sign in to Firemark" description="Welcome back. Enter your details to continue.">
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {login.isError ? <FormAlert>{loginErrorText(login.error)}</FormAlert> : null}
        {expired && !login.isError ? (
          <p role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
            Your session expired. Sign in again to continue where you were.
          </p>
        ) : null}
        <FormField label="Username" error={errors.username?.message}>
          {(control) => <Input {...control} autoComplete="username" autoCapitalize="none" {...form.register('username')} />}
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          {(control) => (
            <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />
          )}
        </FormField>
        {/* After the password, not beside its label: Tab goes from Username straight to Password. */}
        <p className="-mt-3 text-right">
          <Link to="/forgot-password" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Forgot password?
          </Link>
        </p>
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? (
            <>
              <Spinner /> Signing in...
            </>
          ) : (
            'Sign In'
          )}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        {/* Someone sent here by an invitation may need an account first, and comes back to it either way. */}
        <Link to={next ? `/auth/signup?${new URLSearchParams({ next })}` : '/auth/signup'} className="font-medium text-primary underline-offset-4 hover:underline">
          Sign up
        </Link>
      </p>
    </PublicCardLayout>
  );
}
