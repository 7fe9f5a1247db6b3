import { useMutation } from '@tanstack/react-query';
import { PRO_PLAN_NAME, TRIAL_DAYS } from '@shared/plans';
import type { RegisterInput, SessionUser } from '@shared/schemas/auth';
import { api, serverMessage } from '@/lib/api';
import { withOrganization } from './session-organization';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/app/auth-context';

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function useRegister() {
  const { signIn } = useAuth();
  return useMutation({
    // The account's time zone decides what "today" means for due dates (DECISIONS).
    mutationFn: (input: Omit<RegisterInput, 'timeZone'>) =>
      api.post<SessionUser>('/api/auth/register', { ...input, timeZone: browserTimeZone() }).then(withOrganization),
    onSuccess: (user, input) => {
      signIn(user);
      toast({
        title: 'Registration Successful',
        description: input.startTrial
          ? `Your account has been created and your ${TRIAL_DAYS}-day ${PRO_PLAN_NAME} trial has started.`
          : 'Your account has been created.',
      });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Registration Failed',
        description: serverMessage(error, 'Please check your information'),
      });
    },
  });
}
