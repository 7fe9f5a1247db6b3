import { useId } from 'react';
import type { ItemAnswers, ItemQuestion } from '@shared/item-conditions';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';

interface ItemQuestionsFieldsProps {
  questions: readonly Pick<ItemQuestion, 'key' | 'label' | 'hint' | 'multiple' | 'options'>[];
  value: ItemAnswers;
  onChange: (answers: ItemAnswers) => void;
  /** Messages by question key (the server's `answers.<question>`). */
  errors?: Record<string, string | undefined>;
  disabled?: boolean;
}

/**
 * The questions about a safety item: a group of checkboxes where more than one answer may hold,
 * radio buttons (with "Not answered") where one does. Each is a fieldset named by its question,
 * its hint and error read with it.
 */
export function ItemQuestionsFields({ questions, value, onChange, errors = {}, disabled }: ItemQuestionsFieldsProps) {
  const baseId = useId();
  const set = (key: string, values: string[]) => {
    const next = { ...value };
    if (values.length === 0) delete next[key];
    else next[key] = values;
    onChange(next);
  };
  return (
    <div className="space-y-5">
      {questions.map((question) => {
        const id = `${baseId}-${question.key}`;
        const error = errors[question.key];
        const chosen = value[question.key] ?? [];
        const describedBy = `${id}-hint${error ? ` ${id}-error` : ''}`;
        return (
          <fieldset key={question.key} aria-describedby={describedBy} aria-invalid={error ? true : undefined} className="space-y-2">
            <legend className="text-sm font-medium">{question.label}</legend>
            <p id={`${id}-hint`} className="text-sm text-muted-foreground">
              {question.hint}
            </p>
            {question.multiple ? (
              <div className="grid gap-2">
                {question.options.map((option) => (
                  <div key={option.value} className="flex items-start gap-2">
                    <input
                      type="checkbox"
                      id={`${id}-${option.value}`}
                      className="mt-0.5 size-4 shrink-0 accent-primary"
                      checked={chosen.includes(option.value)}
                      disabled={disabled}
                      onChange={(event) =>
                        set(question.key, event.target.checked ? [...chosen, option.value] : chosen.filter((v) => v !== option.value))
                      }
                    />
                    <Label htmlFor={`${id}-${option.value}`} className="font-normal leading-5">
                      {option.label}
                    </Label>
                  </div>
                ))}
              </div>
            ) : (
              <RadioGroup value={chosen[0] ?? ''} onValueChange={(v) => set(question.key, v ? [v] : [])} disabled={disabled} aria-label={question.label}>
                {[{ value: '', label: 'Not answered' }, ...question.options].map((option) => (
                  <div key={option.value || 'none'} className="flex items-start gap-2">
                    <RadioGroupItem id={`${id}-${option.value || 'none'}`} value={option.value} className="mt-0.5" />
                    <Label htmlFor={`${id}-${option.value || 'none'}`} className="font-normal leading-5">
                      {option.label}
                    </Label>
                  </div>
                ))}
              </RadioGroup>
            )}
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
          </fieldset>
        );
      })}
    </div>
  );
}
