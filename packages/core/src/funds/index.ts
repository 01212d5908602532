export {
  CONVERSION,
  type ConversionPreview,
  type ConversionTerms,
  ConversionTermsError,
  conversionRate,
  isSmallBalance,
  previewConversion,
  usdtValueOf,
} from './conversion.ts';
