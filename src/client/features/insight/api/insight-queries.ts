import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  AttentionResponse,
  ComplianceTrendResponse,
  DeficiencyAgeResponse,
  OnTimeResponse,
  WorkloadResponse,
} from '@shared/schemas/insight';
import { chosenPropertyIds } from '@/lib/chosen-properties';

export { chosenPropertyIds, MAX_CHOSEN_PROPERTIES } from '@/lib/chosen-properties';

/** The Insight page's figures, each its own call (GET /api/insight/<figure>). */
export interface InsightAnswers {
  'compliance-trend': ComplianceTrendResponse;
  'on-time': OnTimeResponse;
  'deficiency-age': DeficiencyAgeResponse;
  workload: WorkloadResponse;
  attention: AttentionResponse;
}
export type InsightFigure = keyof InsightAnswers;

/** The figure's call: its JSON, or with `csv` the same rows as a CSV file. */
export function insightUrl(figure: InsightFigure, propertyIds?: readonly number[], format?: 'csv'): string {
  const params: string[] = [];
  // Commas left as they are, so the URL reads as the server's documentation writes it.
  if (propertyIds?.length) params.push(`propertyIds=${propertyIds.join(',')}`);
  if (format) params.push(`format=${format}`);
  return `/api/insight/${figure}${params.length ? `?${params.join('&')}` : ''}`;
}

export function insightOptions<F extends InsightFigure>(figure: F, propertyIds?: readonly number[]) {
  return queryOptions<InsightAnswers[F]>({
    queryKey: [insightUrl(figure, propertyIds)],
    // The server keeps each figure for the day and forgets it on any change, so a visit asks
    // again (showing what it had meanwhile) and a change made elsewhere is never hidden.
    staleTime: 0,
  });
}

export function useInsight<F extends InsightFigure>(figure: F, propertyIds?: readonly number[]) {
  return useQuery(insightOptions(figure, propertyIds));
}

const FIGURES: readonly InsightFigure[] = ['compliance-trend', 'on-time', 'deficiency-age', 'workload', 'attention'];

/**
 * Asks for the five figures while the page's code (and its chart library) downloads, on a first
 * load or a navigation here (routes.tsx). Resolves when all have answered (prefetches never reject).
 */
export function prefetchInsight(client: QueryClient, params: URLSearchParams): Promise<unknown> {
  const propertyIds = chosenPropertyIds(params);
  return Promise.all(FIGURES.map((figure) => client.prefetchQuery(insightOptions(figure, propertyIds))));
}
