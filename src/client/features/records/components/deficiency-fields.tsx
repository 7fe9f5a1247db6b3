import { Plus, Trash2 } from 'lucide-react';
import type { FieldArrayWithId, FieldErrors, UseFormRegister } from 'react-hook-form';
import { DEFICIENCY_SEVERITIES, DEFICIENCY_SEVERITY_LABELS } from '@shared/records';
import type { DeficiencyInput } from '@shared/schemas/deficiency';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';

export const PHOTO_ACCEPT = 'image/jpeg,image/png';

/** One entry as the form holds it: every field a string until the result is known. */
export interface DeficiencyDraft {
  description: string;
  severity: string;
  location: string;
  correctiveAction: string;
  dueBy: string;
}

export const emptyDeficiency = (): DeficiencyDraft => ({ description: '', severity: 'non_critical', location: '', correctiveAction: '', dueBy: '' });

/** Checked by completeDialogSchema for a non-compliant result, so the drafts are valid inputs by then. */
export const toDeficiencyInputs = (drafts: DeficiencyDraft[]) => drafts as DeficiencyInput[];

// The dialog's form values, as far as these fields need them.
interface WithDeficiencies {
  deficiencies: DeficiencyDraft[];
}

interface DeficiencyFieldsProps {
  /** The dialog's field array (it also needs the keys, to match photos to entries). */
  fields: FieldArrayWithId<WithDeficiencies, 'deficiencies'>[];
  append: (value: DeficiencyDraft) => void;
  remove: (index: number) => void;
  register: UseFormRegister<WithDeficiencies>;
  errors: FieldErrors<WithDeficiencies>['deficiencies'];
  /** Photos chosen per deficiency (by the field's key), uploaded once the completion is saved. */
  photos: Record<string, File[]>;
  onPhotos: (key: string, files: File[]) => void;
}

/** What a non-compliant result found: one block per deficiency, with optional photos. */
export function DeficiencyFields({ fields, append, remove, register, errors, photos, onPhotos }: DeficiencyFieldsProps) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium">Deficiencies</legend>
      <p className="text-sm text-muted-foreground">
        Each deficiency stays open until it is corrected; the item stays non-compliant until all are corrected or a later inspection passes.
      </p>
      {fields.map((field, index) => {
        const e = errors?.[index];
        const n = index + 1;
        return (
          <div key={field.id} className="space-y-3 rounded-md border p-3" data-testid="deficiency-entry">
            <div className="flex items-center justify-between">
              <span className="text-sm font-semibold">Deficiency {n}</span>
              <Button type="button" variant="ghost" size="sm" onClick={() => remove(index)} aria-label={`Remove deficiency ${n}`}>
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </div>
            <FormField label={`Description ${n}`} error={e?.description?.message}>
              {(c) => <Textarea {...c} rows={2} maxLength={2000} aria-required="true" {...register(`deficiencies.${index}.description`)} />}
            </FormField>
            <FormField label={`Severity ${n}`} error={e?.severity?.message}>
              {(c) => (
                <Select {...c} {...register(`deficiencies.${index}.severity`)}>
                  {DEFICIENCY_SEVERITIES.map((s) => (
                    <option key={s} value={s}>
                      {DEFICIENCY_SEVERITY_LABELS[s]}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormField label={`Location ${n}`} error={e?.location?.message}>
              {(c) => <Input {...c} maxLength={200} placeholder="e.g. Riser room, level B1" {...register(`deficiencies.${index}.location`)} />}
            </FormField>
            <FormField label={`Corrective action ${n}`} error={e?.correctiveAction?.message}>
              {(c) => <Textarea {...c} rows={2} maxLength={2000} {...register(`deficiencies.${index}.correctiveAction`)} />}
            </FormField>
            <FormField label={`Correct by ${n}`} error={e?.dueBy?.message}>
              {(c) => <Input {...c} type="date" {...register(`deficiencies.${index}.dueBy`)} />}
            </FormField>
            <FormField label={`Photos ${n}`} hint="JPEG or PNG, up to 10 MB each. Location data is removed before it is stored.">
              {(c) => (
                <Input
                  {...c}
                  type="file"
                  accept={PHOTO_ACCEPT}
                  multiple
                  onChange={(ev) => onPhotos(field.id, Array.from(ev.target.files ?? []))}
                />
              )}
            </FormField>
            {photos[field.id]?.length ? <p className="text-sm text-muted-foreground">{photos[field.id]!.length} photo(s) chosen</p> : null}
          </div>
        );
      })}
      <Button type="button" variant="outline" onClick={() => append(emptyDeficiency())}>
        <Plus className="size-4" aria-hidden="true" />
        Add deficiency
      </Button>
    </fieldset>
  );
}
