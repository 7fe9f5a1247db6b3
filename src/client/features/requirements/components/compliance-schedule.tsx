import { useId, useMemo, useState } from 'react';
import { lazyDialog, reachFor } from '@/lib/lazy-dialog';
import { usePermissions } from '@/lib/use-permissions';
import { ListPlus, Plus, ShieldCheck } from 'lucide-react';
import type { InspectionType } from '@shared/enums';
import type { Requirement } from '@shared/schemas/requirement';
import type { SafetyItemAnswers } from '@shared/schemas/safety-item-answers';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePropertyRequirements } from '../api/use-property-requirements';
import { useSafetyItemAnswers } from '../api/use-safety-item-answers';
import { AboutItem } from './about-item';
import { NotApplicableList } from './not-applicable-list';
import { RequirementRow } from './requirement-row';
import { typeLabel } from './requirement-text';
import { ActivityReviewPrompt } from '@/features/activity-review/components/activity-review-prompt';

// The forms (and their validation) load when their buttons are first reached for.
const AddSafetyItemDialog = lazyDialog(() => import('./add-safety-item-dialog').then((m) => m.AddSafetyItemDialog));
const CustomRequirementDialog = lazyDialog(() => import('./custom-requirement-dialog').then((m) => m.CustomRequirementDialog));

/**
 * The property's compliance schedule: each safety item with its requirements (what, how often,
 * by what source, last done, next due, status), and ways to add an item or a requirement of
 * one's own, switch one off, change its interval or its automatic scheduling.
 */
export function ComplianceSchedule({ propertyId }: { propertyId: number }) {
  const titleId = useId();
  const requirements = usePropertyRequirements(propertyId);
  // The questions about each item: shown when they load; the schedule does not wait for them.
  const answers = useSafetyItemAnswers(propertyId);
  const [dialog, setDialog] = useState<'item' | 'custom' | null>(null);
  const canEdit = usePermissions().can('requirements.edit');
  const groups = useMemo(() => {
    const byType = new Map<InspectionType, Requirement[]>();
    for (const requirement of requirements.data ?? []) {
      byType.set(requirement.itemType, [...(byType.get(requirement.itemType) ?? []), requirement]);
    }
    return [...byType.entries()];
  }, [requirements.data]);
  const present = groups.map(([type]) => type);

  return (
    <Card role="region" aria-labelledby={titleId} className="mt-6">
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle id={titleId} className="text-xl">
            Compliance Schedule
          </CardTitle>
          <CardDescription>What each safety item needs, how often, and the standard that says so.</CardDescription>
        </div>
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" {...reachFor(AddSafetyItemDialog)} onClick={() => setDialog('item')} disabled={requirements.isPending}>
              <Plus aria-hidden="true" />
              Add safety item
            </Button>
            <Button variant="outline" size="sm" {...reachFor(CustomRequirementDialog)} onClick={() => setDialog('custom')} disabled={present.length === 0}>
              <ListPlus aria-hidden="true" />
              Add custom requirement
            </Button>
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        {requirements.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading the compliance schedule...</span>
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : requirements.isError ? (
          <LoadError
            message="Failed to load the compliance schedule. Please try again."
            onRetry={() => void requirements.refetch()}
            retrying={requirements.isFetching}
          />
        ) : groups.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <ShieldCheck aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="text-sm text-muted-foreground">
              {canEdit
                ? 'No safety items yet. Add one, or schedule an inspection, and its requirements appear here.'
                : 'No safety items yet. Their requirements appear here once an owner, admin or manager adds them.'}
            </p>
          </div>
        ) : (
          <div className="space-y-6">
            <ActivityReviewPrompt propertyId={propertyId} />
            {groups.map(([type, list]) => (
              <section key={type} aria-labelledby={`${titleId}-${type}`} className="space-y-3">
                <h3 id={`${titleId}-${type}`} className="border-b pb-2 text-base font-semibold">
                  {typeLabel(type)}
                </h3>
                <AboutItemOf propertyId={propertyId} item={answers.data?.find((a) => a.itemType === type)} canEdit={canEdit} />
                <ul className="divide-y">
                  {list
                    .filter((requirement) => requirement.applies)
                    .map((requirement) => (
                      <RequirementRow key={requirement.id} requirement={requirement} />
                    ))}
                </ul>
                <NotApplicableList requirements={list.filter((requirement) => !requirement.applies)} />
              </section>
            ))}
          </div>
        )}
      </CardContent>
      <AddSafetyItemDialog propertyId={propertyId} present={present} open={dialog === 'item'} onOpenChange={(open) => setDialog(open ? 'item' : null)} />
      <CustomRequirementDialog propertyId={propertyId} present={present} open={dialog === 'custom'} onOpenChange={(open) => setDialog(open ? 'custom' : null)} />
    </Card>
  );
}

/** The "About these <items>" block of an item that has questions; nothing while they load. */
function AboutItemOf({ propertyId, item, canEdit }: { propertyId: number; item: SafetyItemAnswers | undefined; canEdit: boolean }) {
  return item && item.questions.length > 0 ? <AboutItem propertyId={propertyId} item={item} canEdit={canEdit} /> : null;
}
