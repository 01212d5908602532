import { CalendarPicker, CheckList, Dropdown, type DropdownRef, ErrorBlock, InfiniteScroll, Skeleton } from 'antd-mobile';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from '../../shared/time.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type BillFilter, useBills, useCurrencies, useTransferAccounts } from './api.ts';
import { BillRow } from './BillRow.tsx';
import './transfers.css';

const ALL = 'all';
const DAY_MS = 86_400_000;
const PRESET_DAYS = { today: 0, week: 6, month: 29, quarter: 89 } as const;
type Preset = keyof typeof PRESET_DAYS;

interface Period {
  preset: Preset | 'custom' | typeof ALL;
  from?: number;
  to?: number;
}

const startOfDay = (time: number) => {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
};

/** A preset counts whole local days, today included. */
function presetPeriod(preset: Preset): Period {
  const today = startOfDay(Date.now());
  return { preset, from: today - PRESET_DAYS[preset] * DAY_MS, to: today + DAY_MS };
}

/**
 * Every posting of the user's accounts, newest first, filtered by currency,
 * account, type and time. Query: currency (id) narrows it to one coin, as the
 * coin page's "all records" opens it.
 */
export default function BillsPage() {
  const { t } = useTranslation(['funds', 'common']);
  const [params] = useSearchParams();
  const [currency, setCurrency] = useState<number | undefined>(() => Number(params.get('currency')) || undefined);
  const [account, setAccount] = useState<number | undefined>(() => Number(params.get('account')) || undefined);
  const [kind, setKind] = useState<string | undefined>(undefined);
  const [period, setPeriod] = useState<Period>({ preset: ALL });
  const [calendarOpen, setCalendarOpen] = useState(false);
  const dropdown = useRef<DropdownRef>(null);
  const currencies = useCurrencies();
  const accounts = useTransferAccounts();
  const filter: BillFilter = { currency, account, kind, from: period.from, to: period.to };
  const bills = useBills(filter);
  const types = Object.entries(t('common:ledgerTypes', { returnObjects: true }) as Record<string, string>);

  const choose = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    dropdown.current?.close();
  };
  const currencyName = currencies.data?.find((entry) => entry.id === currency)?.symbol;
  const accountName = accounts.data?.find((entry) => entry.type === account)?.name;
  const periodName =
    period.preset === ALL
      ? t('bills.allTime')
      : period.preset === 'custom'
        ? `${formatDate(period.from ?? 0)}–${formatDate((period.to ?? DAY_MS) - DAY_MS)}`
        : t(`bills.presets.${period.preset}`);

  return (
    <div className="transfers-page">
      <PageHeader title={t('common:menu.bills')} fallback="/pages/fund/assets" />
      <Dropdown ref={dropdown} className="transfers-filters" data-testid="bills-filters">
        <Dropdown.Item key="currency" title={<FilterTitle testId="bills-filter-currency">{currencyName ?? t('bills.allCurrencies')}</FilterTitle>} highlight={currency !== undefined}>
          <Choices
            value={currency === undefined ? ALL : String(currency)}
            options={[{ value: ALL, label: t('bills.allCurrencies') }, ...(currencies.data ?? []).map((entry) => ({ value: String(entry.id), label: entry.symbol }))]}
            onChange={choose((value: string) => setCurrency(value === ALL ? undefined : Number(value)))}
            testId="bills-currency"
          />
        </Dropdown.Item>
        <Dropdown.Item key="account" title={<FilterTitle testId="bills-filter-account">{accountName ?? t('bills.allAccounts')}</FilterTitle>} highlight={account !== undefined}>
          <Choices
            value={account === undefined ? ALL : String(account)}
            options={[{ value: ALL, label: t('bills.allAccounts') }, ...(accounts.data ?? []).map((entry) => ({ value: String(entry.type), label: entry.name }))]}
            onChange={choose((value: string) => setAccount(value === ALL ? undefined : Number(value)))}
            testId="bills-account"
          />
        </Dropdown.Item>
        <Dropdown.Item key="kind" title={<FilterTitle testId="bills-filter-kind">{kind ? t(`common:ledgerTypes.${kind}`) : t('bills.allTypes')}</FilterTitle>} highlight={kind !== undefined}>
          <Choices
            value={kind ?? ALL}
            options={[{ value: ALL, label: t('bills.allTypes') }, ...types.map(([value, label]) => ({ value, label }))]}
            onChange={choose((value: string) => setKind(value === ALL ? undefined : value))}
            testId="bills-kind"
          />
        </Dropdown.Item>
        <Dropdown.Item key="time" title={<FilterTitle testId="bills-filter-time">{periodName}</FilterTitle>} highlight={period.preset !== ALL}>
          <Choices
            value={period.preset}
            options={[
              { value: ALL, label: t('bills.allTime') },
              ...(Object.keys(PRESET_DAYS) as Preset[]).map((preset) => ({ value: preset, label: t(`bills.presets.${preset}`) })),
              { value: 'custom', label: t('bills.custom') },
            ]}
            onChange={choose((value: string) => {
              if (value === 'custom') setCalendarOpen(true);
              else setPeriod(value === ALL ? { preset: ALL } : presetPeriod(value as Preset));
            })}
            testId="bills-time"
          />
        </Dropdown.Item>
      </Dropdown>
      <CalendarPicker
        visible={calendarOpen}
        selectionMode="range"
        title={t('bills.custom')}
        confirmText={t('shell:actions.confirm')}
        min={new Date(Date.now() - 365 * DAY_MS)}
        max={new Date()}
        onClose={() => setCalendarOpen(false)}
        onConfirm={(range) => {
          if (range) setPeriod({ preset: 'custom', from: startOfDay(range[0].getTime()), to: startOfDay(range[1].getTime()) + DAY_MS });
        }}
      />
      <BillList query={bills} filtered={currency !== undefined || account !== undefined || kind !== undefined || period.preset !== ALL} />
    </div>
  );
}

function FilterTitle({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <span className="transfers-filters__title" data-testid={testId}>
      {children}
    </span>
  );
}

function Choices({ value, options, onChange, testId }: { value: string; options: { value: string; label: string }[]; onChange(value: string): void; testId: string }) {
  return (
    <CheckList value={[value]} onChange={(keys) => onChange(keys.length === 0 ? value : String(keys[0]))} className="transfers-filters__list">
      {options.map((option) => (
        <CheckList.Item key={option.value} value={option.value} data-testid={`${testId}-${option.value}`}>
          {option.label}
        </CheckList.Item>
      ))}
    </CheckList>
  );
}

function BillList({ query, filtered }: { query: ReturnType<typeof useBills>; filtered: boolean }) {
  const { t } = useTranslation('funds');
  if (query.isPending) return <Skeleton.Paragraph lineCount={8} animated className="transfers-skeleton" />;
  if (query.isError && !query.data) return <LoadError title={t('error.title')} description={t('error.description')} onRetry={query.refetch} />;
  const seen = new Set<number>();
  const bills = (query.data?.pages ?? []).flatMap((page) => page.list).filter((bill) => !seen.has(bill.id) && Boolean(seen.add(bill.id)));
  if (bills.length === 0) {
    return <ErrorBlock status="empty" title={filtered ? t('bills.emptyFiltered') : t('bills.empty')} description="" className="transfers-empty" data-testid="bills-empty" />;
  }
  return (
    <div className="transfers-list" data-testid="bills-list">
      {bills.map((bill) => (
        <BillRow key={bill.id} bill={bill} />
      ))}
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          await query.fetchNextPage({ throwOnError: true });
        }}
      />
    </div>
  );
}

