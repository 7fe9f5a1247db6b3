import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { attestationStatement, type AttestationRole } from '@shared/records';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The form values these fields write, as the Complete Inspection form names them. */
export interface AttestationValues {
  attestRole: AttestationRole | '';
  attestName: string;
}

interface AttestationFieldsProps {
  register: UseFormRegister<AttestationValues>;
  /** Who performed it, named in the recorder's statement. */
  performer: string;
  role: AttestationRole | '';
  /** Given when signing is optional: offers "Do not sign", which calls it. */
  onClear?: () => void;
  roleError?: string;
  nameError?: string;
}

/**
 * The attestation of a completion: the statement of the person who performed it or of the
 * person recording it, and the full name typed as a signature. The Complete Inspection dialog
 * (optional there) and the end of a walk-through (required) show the same statement.
 */
export function AttestationFields({ register, performer, role, onClear, roleError, nameError }: AttestationFieldsProps) {
  const id = useId();
  return (
    <fieldset className="space-y-3 rounded-md border p-3" aria-describedby={`${id}-attest-hint`}>
      <legend className="px-1 text-sm font-medium">Attestation</legend>
      <p id={`${id}-attest-hint`} className="text-sm text-muted-foreground">
        {onClear ? 'Optional. ' : ''}Sign as the person who performed it, or as the person recording someone else&apos;s inspection.
      </p>
      {(['performer', 'recorder'] as const).map((option) => (
        <Label key={option} className="flex cursor-pointer items-start gap-3 font-normal">
          <input type="radio" value={option} className="mt-0.5 size-4 shrink-0" aria-required={onClear ? undefined : 'true'} {...register('attestRole')} />
          <span className="break-words leading-snug">{attestationStatement(option, performer)}</span>
        </Label>
      ))}
      {role && onClear ? (
        <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={onClear}>
          Do not sign
        </Button>
      ) : null}
      {roleError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {roleError}
        </p>
      ) : null}
      <FormField label="Your full name" error={nameError} hint="Typed as your signature on this record.">
        {(control) => <Input {...control} autoComplete="name" maxLength={200} aria-required={onClear ? undefined : 'true'} {...register('attestName')} />}
      </FormField>
    </fieldset>
  );
}
