import type { Product } from '../../../shared/api-types';

export function product(over: Partial<Product> = {}): Product {
  return {
    id: 'p1',
    code: 'A001',
    barcode: '7750000000017',
    description: 'Arroz 1 kg',
    priceUnit: 12.5,
    unitMeasure: 58,
    activityEconomic: '471110',
    codeProductSin: '99100',
    active: true,
    ...over,
  };
}
