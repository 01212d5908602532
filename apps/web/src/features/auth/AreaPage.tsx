import { IndexBar, List, SearchBar } from 'antd-mobile';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { currentLocale } from '../../shared/i18n/index.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type Area, areaStore } from '../../shared/area-store.ts';

interface Country extends Area {
  name: string;
}

/** Country names come from the browser in the current language; calling codes from libphonenumber's metadata. */
function countries(locale: string): Country[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return getCountries()
    .map((country) => ({ country, callingCode: getCountryCallingCode(country), name: names.of(country) ?? country }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

function initialOf(name: string): string {
  const first = name.normalize('NFD').charAt(0).toUpperCase();
  return /[A-Z]/.test(first) ? first : '#';
}

/** The country and area-code picker used by phone forms, with search by name, code or country letters. */
export default function AreaPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const locale = currentLocale();
  const all = useMemo(() => countries(locale), [locale]);
  const needle = query.trim().toLowerCase().replace(/^\+/, '');
  const matches = needle ? all.filter((entry) => entry.name.toLowerCase().includes(needle) || entry.callingCode.startsWith(needle) || entry.country.toLowerCase() === needle) : all;

  // Letter indexes help only where names are written in Latin letters; other scripts get one sorted list.
  const groups = new Map<string, Country[]>();
  for (const entry of matches) {
    const initial = initialOf(entry.name);
    groups.set(initial, [...(groups.get(initial) ?? []), entry]);
  }

  const latinScript = matches.filter((entry) => initialOf(entry.name) !== '#').length > matches.length / 2;

  const choose = (entry: Country) => {
    areaStore.set({ country: entry.country, callingCode: entry.callingCode });
    navigate(-1);
  };

  return (
    <>
      <PageHeader title={t('area.title')} fallback="/pages/common/register" />
      <div className="area-search">
        <SearchBar placeholder={t('area.search')} value={query} onChange={setQuery} data-testid="area-search" />
      </div>
      <div className="area-list">
        {latinScript ? (
          <IndexBar>
            {[...groups].map(([initial, entries]) => (
              <IndexBar.Panel index={initial} title={initial} key={initial}>
                <CountryList entries={entries} onChoose={choose} />
              </IndexBar.Panel>
            ))}
          </IndexBar>
        ) : (
          <CountryList entries={matches} onChoose={choose} />
        )}
      </div>
    </>
  );
}

function CountryList({ entries, onChoose }: { entries: Country[]; onChoose(entry: Country): void }) {
  return (
    <List>
      {entries.map((entry) => (
        <List.Item key={entry.country} onClick={() => onChoose(entry)} extra={`+${entry.callingCode}`}>
          {entry.name}
        </List.Item>
      ))}
    </List>
  );
}
