import type { SavedCard } from '../api/billing-types';

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export function brandName(brand: string): string {
  return BRAND_NAMES[brand.toLowerCase()] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'Card');
}

/** "Visa ending in 4242", for sentences and screen readers. */
export function cardLabel(card: Pick<SavedCard, 'brand' | 'last4'>): string {
  return `${brandName(card.brand)} ending in ${card.last4}`;
}

/** "04/2030". */
export function cardExpiry(card: Pick<SavedCard, 'exp_month' | 'exp_year'>): string {
  return `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
}
