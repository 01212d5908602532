import { toast } from '../api/request.ts';
import { t } from '../i18n/index.ts';

/** The server accepts JPG, PNG, GIF and WEBP up to 5 MB; refusing earlier saves a slow upload. */
export const MAX_IMAGE_MEGABYTES = 5;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

export function checkImage(file: File): File | null {
  if (file.type && !IMAGE_TYPES.includes(file.type)) {
    toast(t('common:errors.fileTypeNotAllowed'));
    return null;
  }
  if (file.size > MAX_IMAGE_MEGABYTES * 1024 * 1024) {
    toast(t('common:errors.fileTooLarge', { megabytes: MAX_IMAGE_MEGABYTES }));
    return null;
  }
  return file;
}
