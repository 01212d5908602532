import { SearchBar, Selector, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type MediaType, nftPaths, useArtworks } from './api.ts';
import { ArtworkGrid } from './parts.tsx';
import './nft.css';

const TYPES: MediaType[] = ['image', 'gif', 'audio', 'video'];

/** Search (pages/nft/search) and the full artwork list (pages/nft/components/artwork): by title, artist or collection, by media type. */
export default function SearchPage() {
  const { t } = useTranslation('nft');
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<MediaType | undefined>();
  const artworks = useArtworks({ ...(keyword ? { keyword } : {}), ...(type ? { type } : {}) });
  return (
    <>
      <PageHeader title={t('search.title')} fallback={nftPaths.home} />
      <div className="nft-page" data-testid="nft-search">
        <SearchBar placeholder={t('search.placeholder')} onSearch={setKeyword} onClear={() => setKeyword('')} style={{ marginTop: 12 }} data-testid="nft-search-input" />
        <Selector
          style={{ marginTop: 10, '--padding': '4px 10px' }}
          options={TYPES.map((value) => ({ label: t(`type.${value}`), value }))}
          value={type ? [type] : []}
          onChange={(values) => setType(values[0])}
        />
        <div style={{ marginTop: 12 }}>
          {artworks.data ? (
            <ArtworkGrid artworks={artworks.data.list} />
          ) : artworks.isError ? (
            <LoadError title={t('error.title')} description={t('error.description')} onRetry={artworks.refetch} />
          ) : (
            <Skeleton.Paragraph lineCount={6} animated />
          )}
        </div>
      </div>
    </>
  );
}
