import type { DefaultCategoryKey } from '@ztart/shared/contracts/transactions';
import type { Language } from '@ztart/shared/languages';

/** What the built-in engine recognises a question as asking. */
export const INTENTS = [
  'balance',
  'spending',
  'budgets',
  'goals',
  'tips',
  'transactions',
  'contacts',
  'transfer',
  'howto',
  'greeting',
] as const;
export type Intent = (typeof INTENTS)[number];

/** Examples of each intent in each language, for the classifier to learn from. */
export const UTTERANCES: Record<Language, Record<Intent, string[]>> = {
  en: {
    balance: [
      'what is my balance',
      'how much money do I have',
      'show my balance',
      'how much is in my wallet',
      'my balance please',
    ],
    spending: [
      'how much did I spend on food this month',
      'how much did I spend',
      'what did I spend last month',
      'my spending on transport',
      'how much have I spent on shopping',
      'expenses this month',
    ],
    budgets: ['how are my budgets', 'am I over budget', 'show my budgets', 'budget status', 'set a budget'],
    goals: ['how are my goals', 'my savings goals', 'how close am I to my goal', 'goal progress'],
    tips: [
      'how many tips did I receive',
      'tips received this month',
      'how much did I get in tips',
      'my tips',
    ],
    transactions: [
      'show my recent transactions',
      'last transactions',
      'what were my latest payments',
      'recent activity',
    ],
    contacts: [
      'who are my contacts',
      'list my contacts',
      'show my favourite contacts',
      'how many contacts do I have',
    ],
    transfer: [
      'send 20 dollars to anna',
      'prepare a transfer',
      'transfer 50 to @leo',
      'pay 10 to bob',
      'I want to send money',
    ],
    howto: [
      'how do I create a QR code',
      'how does the app work',
      'help me use the wallet',
      'how can I add a contact',
      'what can you do',
    ],
    greeting: ['hello', 'hi', 'good morning', 'hey there', 'thanks'],
  },
  es: {
    balance: [
      'cuál es mi saldo',
      'cuánto dinero tengo',
      'muéstrame mi saldo',
      'cuánto hay en mi billetera',
      'mi saldo por favor',
    ],
    spending: [
      'cuánto gasté en comida este mes',
      'cuánto he gastado',
      'qué gasté el mes pasado',
      'mis gastos en transporte',
      'cuánto gasté en compras',
      'gastos de este mes',
    ],
    budgets: [
      'cómo van mis presupuestos',
      'me pasé del presupuesto',
      'muestra mis presupuestos',
      'estado del presupuesto',
      'crear un presupuesto',
    ],
    goals: [
      'cómo van mis metas',
      'mis metas de ahorro',
      'cuánto me falta para mi meta',
      'progreso de la meta',
    ],
    tips: [
      'cuántas propinas recibí',
      'propinas recibidas este mes',
      'cuánto gané en propinas',
      'mis propinas',
    ],
    transactions: [
      'muestra mis transacciones recientes',
      'últimas transacciones',
      'cuáles fueron mis últimos pagos',
      'actividad reciente',
    ],
    contacts: [
      'quiénes son mis contactos',
      'lista mis contactos',
      'muestra mis contactos favoritos',
      'cuántos contactos tengo',
    ],
    transfer: [
      'envía 20 dólares a ana',
      'prepara una transferencia',
      'transfiere 50 a @leo',
      'paga 10 a bob',
      'quiero enviar dinero',
    ],
    howto: [
      'cómo creo un código QR',
      'cómo funciona la aplicación',
      'ayúdame a usar la billetera',
      'cómo agrego un contacto',
      'qué puedes hacer',
    ],
    greeting: ['hola', 'buenos días', 'qué tal', 'buenas tardes', 'gracias'],
  },
  fr: {
    balance: [
      'quel est mon solde',
      'combien d’argent ai-je',
      'montre mon solde',
      'combien y a-t-il dans mon portefeuille',
      'mon solde s’il te plaît',
    ],
    spending: [
      'combien ai-je dépensé en nourriture ce mois-ci',
      'combien ai-je dépensé',
      'qu’ai-je dépensé le mois dernier',
      'mes dépenses de transport',
      'combien ai-je dépensé en achats',
      'dépenses de ce mois',
    ],
    budgets: [
      'où en sont mes budgets',
      'ai-je dépassé mon budget',
      'montre mes budgets',
      'état du budget',
      'créer un budget',
    ],
    goals: [
      'où en sont mes objectifs',
      'mes objectifs d’épargne',
      'combien me manque-t-il pour mon objectif',
      'progression de l’objectif',
    ],
    tips: [
      'combien de pourboires ai-je reçus',
      'pourboires reçus ce mois-ci',
      'combien ai-je gagné en pourboires',
      'mes pourboires',
    ],
    transactions: [
      'montre mes transactions récentes',
      'dernières transactions',
      'quels ont été mes derniers paiements',
      'activité récente',
    ],
    contacts: [
      'qui sont mes contacts',
      'liste mes contacts',
      'montre mes contacts favoris',
      'combien de contacts ai-je',
    ],
    transfer: [
      'envoie 20 dollars à anna',
      'prépare un virement',
      'vire 50 à @leo',
      'paie 10 à bob',
      'je veux envoyer de l’argent',
    ],
    howto: [
      'comment créer un code QR',
      'comment fonctionne l’application',
      'aide-moi à utiliser le portefeuille',
      'comment ajouter un contact',
      'que sais-tu faire',
    ],
    greeting: ['bonjour', 'salut', 'bonsoir', 'coucou', 'merci'],
  },
  pt: {
    balance: [
      'qual é o meu saldo',
      'quanto dinheiro eu tenho',
      'mostre meu saldo',
      'quanto tem na minha carteira',
      'meu saldo por favor',
    ],
    spending: [
      'quanto gastei com comida este mês',
      'quanto eu gastei',
      'o que gastei no mês passado',
      'meus gastos com transporte',
      'quanto gastei em compras',
      'despesas deste mês',
    ],
    budgets: [
      'como estão meus orçamentos',
      'passei do orçamento',
      'mostre meus orçamentos',
      'situação do orçamento',
      'criar um orçamento',
    ],
    goals: [
      'como estão minhas metas',
      'minhas metas de poupança',
      'quanto falta para minha meta',
      'progresso da meta',
    ],
    tips: [
      'quantas gorjetas recebi',
      'gorjetas recebidas este mês',
      'quanto ganhei em gorjetas',
      'minhas gorjetas',
    ],
    transactions: [
      'mostre minhas transações recentes',
      'últimas transações',
      'quais foram meus últimos pagamentos',
      'atividade recente',
    ],
    contacts: [
      'quem são meus contatos',
      'liste meus contatos',
      'mostre meus contatos favoritos',
      'quantos contatos eu tenho',
    ],
    transfer: [
      'envie 20 dólares para ana',
      'prepare uma transferência',
      'transfira 50 para @leo',
      'pague 10 para bob',
      'quero enviar dinheiro',
    ],
    howto: [
      'como crio um código QR',
      'como funciona o aplicativo',
      'me ajude a usar a carteira',
      'como adiciono um contato',
      'o que você sabe fazer',
    ],
    greeting: ['olá', 'oi', 'bom dia', 'boa tarde', 'obrigado'],
  },
};

/** Words naming each spending category, per language (lower case, accents kept). */
export const CATEGORY_WORDS: Record<Language, Partial<Record<DefaultCategoryKey, string[]>>> = {
  en: {
    food: ['food', 'groceries', 'grocery', 'restaurant', 'restaurants', 'eating', 'meals'],
    shopping: ['shopping', 'shops', 'clothes'],
    transport: ['transport', 'transportation', 'taxi', 'bus', 'fuel'],
    bills: ['bills', 'bill', 'rent', 'utilities'],
    entertainment: ['entertainment', 'fun', 'movies', 'games'],
    transfers: ['transfers'],
    tips: ['tips'],
  },
  es: {
    food: ['comida', 'alimentación', 'alimentos', 'restaurante', 'restaurantes', 'supermercado'],
    shopping: ['compras', 'ropa', 'tiendas'],
    transport: ['transporte', 'taxi', 'autobús', 'gasolina'],
    bills: ['facturas', 'recibos', 'alquiler', 'servicios'],
    entertainment: ['entretenimiento', 'ocio', 'cine', 'juegos'],
    transfers: ['transferencias'],
    tips: ['propinas'],
  },
  fr: {
    food: ['nourriture', 'alimentation', 'courses', 'restaurant', 'restaurants', 'repas'],
    shopping: ['achats', 'shopping', 'vêtements'],
    transport: ['transport', 'transports', 'taxi', 'bus', 'essence'],
    bills: ['factures', 'loyer', 'charges'],
    entertainment: ['loisirs', 'divertissement', 'cinéma', 'jeux'],
    transfers: ['virements'],
    tips: ['pourboires'],
  },
  pt: {
    food: ['comida', 'alimentação', 'restaurante', 'restaurantes', 'mercado', 'refeições'],
    shopping: ['compras', 'roupas', 'lojas'],
    transport: ['transporte', 'táxi', 'ônibus', 'combustível'],
    bills: ['contas', 'aluguel', 'serviços'],
    entertainment: ['entretenimento', 'lazer', 'cinema', 'jogos'],
    transfers: ['transferências'],
    tips: ['gorjetas'],
  },
};

/** Phrases that move a question to last month. */
export const LAST_MONTH_WORDS: Record<Language, string[]> = {
  en: ['last month', 'previous month'],
  es: ['mes pasado', 'mes anterior'],
  fr: ['mois dernier', 'mois précédent'],
  pt: ['mês passado', 'mês anterior'],
};

/** Words that come before the recipient of a transfer. */
export const RECIPIENT_MARKERS: Record<Language, string[]> = {
  en: ['to'],
  es: ['a', 'para'],
  fr: ['à', 'a'],
  pt: ['para', 'a'],
};
