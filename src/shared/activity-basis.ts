/**
 * How an inspection's activity (the requirement it counts for) was known (issue 37, DECISIONS
 * "Item types, activities and code sets"):
 * - `stated`: named by whoever scheduled, edited or recorded it, or the type has one activity;
 * - `not_stated`: SPEC's call (or a history row) named none while the type has several, so it
 *   counts for the principal requirement;
 * - `assumed`: recorded before requirements existed and mapped to the principal one by
 *   migration 0011.
 */
export const ACTIVITY_BASES = ['stated', 'not_stated', 'assumed'] as const;
export type ActivityBasis = (typeof ACTIVITY_BASES)[number];

/** The words shown beside the activity; nothing for a stated one. */
export const ACTIVITY_BASIS_LABELS: Record<ActivityBasis, string | null> = {
  stated: null,
  not_stated: 'Activity not stated',
  assumed: 'Activity assumed',
};

export const activityBasisLabel = (basis: ActivityBasis | null | undefined): string | null => (basis ? ACTIVITY_BASIS_LABELS[basis] : null);
