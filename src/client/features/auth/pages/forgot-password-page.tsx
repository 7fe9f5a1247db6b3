import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { forgotPasswordSchema } from '@shared/schemas/auth';
import { isApiError, serverMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useForgotPassword } from '../api/use-forgot-password';
import { PublicCardLayout } from '@/components/public-card-layout';

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgot = useForgotPassword();
  const form = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  if (sentTo) {
    return (
      <PublicCardLayout
        title="Check Your Email"
        icon={
          <span className="flex size-12 items-center justify-center rounded-full bg-green-100 text-green-800">
            <MailCheck aria-hidden="true" className="size-6" />
          </span>
        }
        description={
          <>
            If an account exists for <strong className="text-foreground">{sentTo}</strong>, we&apos;ve sent a link to
            reset your password. The link expires in 15 minutes.
          </>
        }
      >
        <div className="space-y-3">
          <p className="text-center text-sm text-muted-foreground">
            Didn&apos;t get it? Check your spam folder or try again.
          </p>
          <Button
            variant="outline"
            className="w-full"
            onClick={() => {
              forgot.reset();
              setSentTo(null);
            }}
          >
            Try Again
          </Button>
          <Button asChild className="w-full">
            <Link to="/auth/login">Back to Login</Link>
          </Button>
        </div>
      </PublicCardLayout>
    );
  }

  const onSubmit = form.handleSubmit((values) =>
    forgot.mutate(values, { onSuccess: () => setSentTo(values.email) }),
  );

  return (
    <PublicCardLayout
      title="Forgot Password"
      description="Enter the email address of your account and we'll send you a link to reset your password."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {forgot.isError ? (
          <FormAlert>
            <p>Failed to send reset email</p>
            {isApiError(forgot.error) && forgot.error.body?.message ? (
              <p className="mt-1">{serverMessage(forgot.error, '')}</p>
            ) : null}
          </FormAlert>
        ) : null}
        <FormField label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
        </FormField>
        <Button type="submit" className="w-full" disabled={forgot.isPending}>
          {forgot.isPending ? (
            <>
              <Spinner /> Sending...
            </>
          ) : (
            'Send Reset Link'
          )}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Remembered it?{' '}
        <Link to="/auth/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to Login
        </Link>
      </p>
    </PublicCardLayout>
  );
}
