import type { AccountTypeSeed, CurrencySeed, MenuEntrySeed, SeedFiles } from '../seed/reference-data.ts';

export interface CurrencyInfo {
  id: number;
  symbol: string;
  name: string;
  kind: 'crypto' | 'stock';
  scale: number;
  displayDecimals: number;
  chains: string[];
  icon: string;
  referencePrice: string;
  sort: number;
}

export interface AccountTypeInfo {
  id: number;
  code: string;
  currencyIds: number[];
  sort: number;
}

export interface FiatRate {
  code: string;
  name: string;
  symbol: string;
  rate: string;
}

/** Reference data that changes only with a deploy: read from data/ at start and kept in memory. */
export interface Catalog {
  currencies: CurrencyInfo[];
  accountTypes: AccountTypeInfo[];
  fiatRates: FiatRate[];
  site: SeedFiles['site'];
  menu: MenuEntrySeed[];
  currency(id: number): CurrencyInfo | undefined;
  currencyBySymbol(symbol: string): CurrencyInfo | undefined;
  accountType(id: number): AccountTypeInfo | undefined;
  accountTypeByCode(code: string): AccountTypeInfo | undefined;
  /**
   * Lists a currency that came into being while the server runs (an IEO's
   * token once its allocation is done): from then on it is a currency like
   * those of data/, held in every account type that takes its kind.
   */
  registerCurrency(currency: CurrencyInfo): void;
}

function toCurrency(seed: CurrencySeed): CurrencyInfo {
  return {
    id: seed.id,
    symbol: seed.symbol,
    name: seed.name,
    kind: seed.kind,
    scale: seed.scale,
    displayDecimals: seed.display_decimals,
    chains: seed.chains,
    icon: seed.icon,
    referencePrice: seed.reference_price,
    sort: seed.sort,
  };
}

/** "*crypto" and "*stock" stand for every currency of that kind. */
function expandCurrencies(seed: AccountTypeSeed, currencies: CurrencyInfo[]): number[] {
  const ids = seed.currencies.flatMap((entry) => {
    if (entry.startsWith('*')) return currencies.filter((currency) => currency.kind === entry.slice(1)).map((currency) => currency.id);
    const currency = currencies.find((candidate) => candidate.symbol === entry);
    if (!currency) throw new Error(`account type ${seed.code} names unknown currency ${entry}`);
    return [currency.id];
  });
  return [...new Set(ids)].sort((a, b) => (currencies.find((c) => c.id === a)?.sort ?? 0) - (currencies.find((c) => c.id === b)?.sort ?? 0));
}

export function buildCatalog(files: SeedFiles): Catalog {
  const currencies = files.currencies.map(toCurrency).sort((a, b) => a.sort - b.sort);
  const accountTypes = files.accountTypes
    .map((seed) => ({ id: seed.id, code: seed.code, currencyIds: expandCurrencies(seed, currencies), sort: seed.sort }))
    .sort((a, b) => a.sort - b.sort);
  const byId = new Map(currencies.map((currency) => [currency.id, currency]));
  const bySymbol = new Map(currencies.map((currency) => [currency.symbol, currency]));
  const typeById = new Map(accountTypes.map((type) => [type.id, type]));
  const typeByCode = new Map(accountTypes.map((type) => [type.code, type]));

  function registerCurrency(currency: CurrencyInfo): void {
    if (byId.has(currency.id)) return;
    if (bySymbol.has(currency.symbol)) throw new Error(`currency symbol ${currency.symbol} is taken`);
    currencies.push(currency);
    currencies.sort((a, b) => a.sort - b.sort);
    byId.set(currency.id, currency);
    bySymbol.set(currency.symbol, currency);
    for (const seed of files.accountTypes) {
      if (seed.currencies.includes(`*${currency.kind}`)) typeById.get(seed.id)?.currencyIds.push(currency.id);
    }
  }

  return {
    currencies,
    accountTypes,
    fiatRates: [...files.fiatRates].sort((a, b) => a.sort - b.sort).map(({ code, name, symbol, rate }) => ({ code, name, symbol, rate })),
    site: files.site,
    menu: files.menu,
    currency: (id) => byId.get(id),
    currencyBySymbol: (symbol) => bySymbol.get(symbol.toUpperCase()),
    accountType: (id) => typeById.get(id),
    accountTypeByCode: (code) => typeByCode.get(code),
    registerCurrency,
  };
}
