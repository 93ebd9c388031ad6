import type { FinancialEntryKind } from '@ztart/shared/contracts/business-insights';
import type { Language } from '@ztart/shared/languages';

/** The words of a business's financial statement (PDF), in each language the app speaks. */
export interface FinancialsPdfLabels {
  title: string;
  business: string;
  period: string;
  generated: string;
  totals: string;
  net: string;
  date: string;
  kind: string;
  counterparty: string;
  amount: string;
  none: string;
  kinds: Record<FinancialEntryKind, string>;
}

export const FINANCIALS_PDF_LABELS: Record<Language, FinancialsPdfLabels> = {
  en: {
    title: 'Financial statement',
    business: 'Business',
    period: 'Period',
    generated: 'Generated',
    totals: 'Totals',
    net: 'Net',
    date: 'Date',
    kind: 'Type',
    counterparty: 'From / to',
    amount: 'Amount',
    none: 'No money moved in this period.',
    kinds: {
      tip: 'Tip',
      distribution: 'Tip share paid',
      transfer_in: 'Transfer in',
      transfer_out: 'Transfer out',
    },
  },
  es: {
    title: 'Estado financiero',
    business: 'Negocio',
    period: 'Periodo',
    generated: 'Generado',
    totals: 'Totales',
    net: 'Neto',
    date: 'Fecha',
    kind: 'Tipo',
    counterparty: 'De / para',
    amount: 'Importe',
    none: 'No hubo movimientos de dinero en este periodo.',
    kinds: {
      tip: 'Propina',
      distribution: 'Reparto de propinas',
      transfer_in: 'Transferencia recibida',
      transfer_out: 'Transferencia enviada',
    },
  },
  fr: {
    title: 'Relevé financier',
    business: 'Entreprise',
    period: 'Période',
    generated: 'Généré le',
    totals: 'Totaux',
    net: 'Net',
    date: 'Date',
    kind: 'Type',
    counterparty: 'De / à',
    amount: 'Montant',
    none: 'Aucun mouvement d’argent sur cette période.',
    kinds: {
      tip: 'Pourboire',
      distribution: 'Part de pourboires versée',
      transfer_in: 'Virement reçu',
      transfer_out: 'Virement envoyé',
    },
  },
  pt: {
    title: 'Extrato financeiro',
    business: 'Empresa',
    period: 'Período',
    generated: 'Gerado em',
    totals: 'Totais',
    net: 'Líquido',
    date: 'Data',
    kind: 'Tipo',
    counterparty: 'De / para',
    amount: 'Valor',
    none: 'Nenhum dinheiro movimentado neste período.',
    kinds: {
      tip: 'Gorjeta',
      distribution: 'Divisão de gorjetas paga',
      transfer_in: 'Transferência recebida',
      transfer_out: 'Transferência enviada',
    },
  },
};
