import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { resetPasswordFormSchema } from '@shared/schemas/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { useResetPassword } from '../api/use-reset-password';
import { useValidateResetToken } from '../api/use-validate-reset-token';
import { PublicCardLayout } from '@/components/public-card-layout';

function StatusIcon({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  const colours = tone === 'error' ? 'bg-red-100 text-red-800' : 'bg-green-100 text-green-800';
  return <span className={`flex size-12 items-center justify-center rounded-full ${colours}`}>{children}</span>;
}

function InvalidLink({ title, description }: { title: string; description: string }) {
  return (
    <PublicCardLayout
      title={title}
      description={description}
      icon={
        <StatusIcon tone="error">
          <TriangleAlert aria-hidden="true" className="size-6" />
        </StatusIcon>
      }
    >
      <div className="space-y-3">
        <Button asChild className="w-full">
          <Link to="/forgot-password">Request a new link</Link>
        </Button>
        <Button asChild variant="outline" className="w-full">
          <Link to="/auth/login">Back to Login</Link>
        </Button>
      </div>
    </PublicCardLayout>
  );
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    reset.mutate({ token, newPassword: values.newPassword }, { onSuccess: onDone }),
  );

  return (
    <PublicCardLayout title="Reset Password" description="Choose a new password for your Firemark account.">
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <FormField label="New password" error={errors.newPassword?.message} hint="At least 8 characters.">
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('newPassword')} />}
        </FormField>
        <FormField label="Confirm password" error={errors.confirmPassword?.message}>
          {(control) => (
            <Input {...control} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          )}
        </FormField>
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? (
            <>
              <Spinner /> Resetting...
            </>
          ) : (
            'Reset Password'
          )}
        </Button>
      </form>
    </PublicCardLayout>
  );
}

export default function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const validation = useValidateResetToken(done ? '' : token);

  if (done) {
    return (
      <PublicCardLayout
        title="Password Reset Successful"
        description="Your password has been changed. You can now sign in with your new password."
        icon={
          <StatusIcon tone="success">
            <CircleCheck aria-hidden="true" className="size-6" />
          </StatusIcon>
        }
      >
        <Button className="w-full" onClick={() => navigate('/auth/login')}>
          Continue to Login
        </Button>
      </PublicCardLayout>
    );
  }

  if (!token) {
    return (
      <InvalidLink
        title="Invalid Link"
        description="This password reset link is incomplete. Please use the link from your email, or request a new one."
      />
    );
  }

  if (validation.isPending) {
    return (
      <PublicCardLayout title="Reset Password">
        <LoadingState message="Checking your reset link..." />
      </PublicCardLayout>
    );
  }

  if (validation.isError || !validation.data.valid) {
    return (
      <InvalidLink
        title="Invalid or Expired Link"
        description="This password reset link is invalid or has expired. Reset links work once and expire after 15 minutes."
      />
    );
  }

  return <ResetForm token={token} onDone={() => setDone(true)} />;
}
