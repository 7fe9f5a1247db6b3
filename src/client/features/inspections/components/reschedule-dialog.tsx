import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { addDays } from '@shared/compliance';
import { formatDate } from '@/lib/format-date';
import { rescheduleSchema, type Inspection } from '@shared/schemas/inspection';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { calendarDayFromDate, dateFromCalendarDay } from '@/lib/calendar-days';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useRescheduleInspection } from '../api/use-reschedule-inspection';
import { useToday } from '../api/use-today';
import { describeInspection } from './inspection-text';

interface RescheduleDialogProps {
  inspection: Inspection | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The shortcuts: days after the current due date (after today for an overdue one, never a day already past). */
export const RESCHEDULE_SHORTCUT_DAYS = [7, 14, 30] as const;

/** The day a shortcut moves to: counted from the due date, or from today when that has passed. */
export function shortcutDate(dueDate: string, today: string, days: number): string {
  return addDays(dueDate > today ? dueDate : today, days);
}

/**
 * SPEC 2 and 5, "Reschedule": a new date, no day before today (in the account's zone), an
 * optional reason. The only way a date moves: every Reschedule button opens this dialog.
 */
export function RescheduleDialog({ inspection, open, onOpenChange }: RescheduleDialogProps) {
  const today = useToday();
  const reschedule = useRescheduleInspection();
  const schema = useMemo(
    () =>
      rescheduleSchema.refine((values) => values.dueDate >= today, {
        message: 'Choose today or a later date',
        path: ['dueDate'],
      }),
    [today],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { dueDate: '', rescheduleReason: '' },
  });
  const { errors, isSubmitted } = form.formState;
  const [month, setMonth] = useState(() => dateFromCalendarDay(today));

  useEffect(() => {
    if (!open) return;
    form.reset({ dueDate: '', rescheduleReason: '' });
    const current = inspection?.dueDate;
    setMonth(dateFromCalendarDay(current && current > today ? current : today));
    // Only on opening (or for another inspection): an optimistic change of the due date, or
    // its rollback, must not wipe what the person typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, inspection?.id]);

  const dueDate = form.watch('dueDate');
  const selected = /^\d{4}-\d{2}-\d{2}$/.test(dueDate ?? '') ? dateFromCalendarDay(dueDate as string) : undefined;
  const todayDate = dateFromCalendarDay(today);

  const pick = (day: string) => {
    form.setValue('dueDate', day, { shouldValidate: isSubmitted, shouldDirty: true });
    if (/^\d{4}-\d{2}-\d{2}$/.test(day)) setMonth(dateFromCalendarDay(day));
  };

  const onSubmit = form.handleSubmit((values) => {
    if (!inspection) return;
    reschedule.mutate(
      {
        id: inspection.id,
        dueDate: values.dueDate,
        rescheduleReason: values.rescheduleReason,
        updatedAt: inspection.updatedAt,
        propertyId: inspection.propertyId,
        label: describeInspection(inspection),
      },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) => applyServerFieldErrors(error, form.setError, ['dueDate', 'rescheduleReason']),
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !reschedule.isPending && onOpenChange(next)}>
      <DialogContent dirty={form.formState.isDirty}>
        <DialogHeader>
          <DialogTitle>Reschedule Inspection</DialogTitle>
          <DialogDescription>
            {inspection ? `${describeInspection(inspection)}. ` : ''}
            Choose today or a later date.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <FormField
            label="New date"
            error={errors.dueDate?.message}
            hint={`Today is ${formatDate(today)}${inspection ? `; now due ${formatDate(inspection.dueDate)}` : ''}.`}
          >
            {(control) => (
              <Input
                {...control}
                type="date"
                min={today}
                required
                value={dueDate ?? ''}
                onChange={(event) => pick(event.target.value)}
                // Registered for its ref alone, so that a missing date takes the focus.
                ref={form.register('dueDate').ref}
              />
            )}
          </FormField>
          {inspection ? (
            <div role="group" aria-label="Move by" className="flex flex-wrap gap-2">
              {RESCHEDULE_SHORTCUT_DAYS.map((days) => {
                const day = shortcutDate(inspection.dueDate, today, days);
                return (
                  <Button
                    key={days}
                    type="button"
                    variant={dueDate === day ? 'default' : 'outline'}
                    size="sm"
                    aria-pressed={dueDate === day}
                    aria-label={`+${days} days, ${formatDate(day)}`}
                    onClick={() => pick(day)}
                  >
                    +{days} days
                  </Button>
                );
              })}
            </div>
          ) : null}
          <div className="flex justify-center rounded-md border">
            <Calendar
              mode="single"
              selected={selected}
              onSelect={(date) => date && pick(calendarDayFromDate(date))}
              month={month}
              onMonthChange={setMonth}
              startMonth={todayDate}
              today={todayDate}
              disabled={{ before: todayDate }}
              className="p-2"
            />
          </div>
          <FormField label="Reason" error={errors.rescheduleReason?.message} hint="Optional. Kept with the inspection.">
            {(control) => <Input {...control} maxLength={1000} autoComplete="off" {...form.register('rescheduleReason')} />}
          </FormField>
          <FormDialogFooter pending={reschedule.isPending}>
            Reschedule
          </FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
