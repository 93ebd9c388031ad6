export {
  brandOf,
  type CardDraft,
  type CardField,
  cardRequestOf,
  checkCard,
  checkCardField,
  EMPTY_CARD,
} from '@ztart/shared/card-draft';
export { CARD_BRAND_NAMES, formatExpiryInput, parseExpiry } from '@ztart/shared/cards';
