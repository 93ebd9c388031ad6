import type { DefaultCategoryKey } from '@ztart/shared/contracts/transactions';
import type { Language } from '@ztart/shared/languages';

type Figures = Record<string, string | number>;

/** The built-in engine's answers, per language; `{name}` takes a figure. */
const TEMPLATES = {
  en: {
    balance: 'Your available balance is {balances}.',
    balanceEmpty: 'Your wallet is empty for now: your available balance is {balances}.',
    spendingCategory: 'From {from} to {to} you spent {amount} on {category} (all your expenses: {total}).',
    spendingTotal: 'From {from} to {to} you spent {total} in all.',
    budgetsNone: 'You have no budgets for {month} yet. You can set one on the Budget screen.',
    budgets: 'For {month} you have {count} budgets: {spent} spent of {limit}. Over budget: {over}.',
    goalsNone: 'You have no savings goals yet. You can create one on the Goals screen.',
    goals: 'Your goals: {list}.',
    goalItem: '{name}, {saved} of {target} ({percent}%)',
    tips: 'From {from} to {to} you received {count} tips, {amount} in all.',
    transactionsNone: 'You have no transactions yet.',
    transactions: 'Your latest transactions: {list}.',
    contactsNone: 'You have no contacts yet. You can add one on the Contacts screen.',
    contacts: 'You have {count} contacts: {list}.',
    transfer:
      'I prepared a transfer{details}. Open it to check and confirm it on the transfer screen: I never move money myself.',
    transferTo: ' to {recipient}',
    transferAmount: ' of {amount}',
    howto:
      'I can tell you your balance, your spending by category, your budgets, goals, tips received, latest transactions and contacts, and prepare a transfer for you to confirm. Each feature has its own screen in the menu: Wallet, Payments, QR codes, Contacts, Budget, Goals, Investments and Analytics.',
    greeting: 'Hello! I am Skiner. Ask me about your balance, spending, budgets or goals.',
    guestHowto:
      'I am Skiner, the help assistant of Ztart Tips. With an account you get a wallet to hold money in several currencies, send and receive transfers and tips (also by QR code), keep contacts, set budgets and savings goals, follow investments and see where your money goes in Analytics. Create a free account or sign in to start.',
    guestSignIn:
      'Sign in to ask about your own money: I only answer with your figures once you are signed in. Meanwhile I can explain how the app works.',
    none: 'None',
    categories: {
      deposits: 'deposits',
      withdrawals: 'withdrawals',
      transfers: 'transfers',
      tips: 'tips',
      food: 'food',
      shopping: 'shopping',
      transport: 'transport',
      bills: 'bills',
      entertainment: 'entertainment',
      other: 'other',
    },
  },
  es: {
    balance: 'Tu saldo disponible es {balances}.',
    balanceEmpty: 'Por ahora tu billetera está vacía: tu saldo disponible es {balances}.',
    spendingCategory: 'Del {from} al {to} gastaste {amount} en {category} (todos tus gastos: {total}).',
    spendingTotal: 'Del {from} al {to} gastaste {total} en total.',
    budgetsNone: 'Aún no tienes presupuestos para {month}. Puedes crear uno en la pantalla Presupuesto.',
    budgets: 'Para {month} tienes {count} presupuestos: {spent} gastado de {limit}. Excedidos: {over}.',
    goalsNone: 'Aún no tienes metas de ahorro. Puedes crear una en la pantalla Metas.',
    goals: 'Tus metas: {list}.',
    goalItem: '{name}, {saved} de {target} ({percent} %)',
    tips: 'Del {from} al {to} recibiste {count} propinas, {amount} en total.',
    transactionsNone: 'Aún no tienes transacciones.',
    transactions: 'Tus últimas transacciones: {list}.',
    contactsNone: 'Aún no tienes contactos. Puedes agregar uno en la pantalla Contactos.',
    contacts: 'Tienes {count} contactos: {list}.',
    transfer:
      'Preparé una transferencia{details}. Ábrela para revisarla y confirmarla en la pantalla de transferencia: yo nunca muevo dinero.',
    transferTo: ' a {recipient}',
    transferAmount: ' de {amount}',
    howto:
      'Puedo decirte tu saldo, tus gastos por categoría, tus presupuestos, metas, propinas recibidas, últimas transacciones y contactos, y preparar una transferencia para que la confirmes. Cada función tiene su pantalla en el menú: Billetera, Pagos, Códigos QR, Contactos, Presupuesto, Metas, Inversiones y Análisis.',
    greeting: '¡Hola! Soy Skiner. Pregúntame por tu saldo, tus gastos, presupuestos o metas.',
    guestHowto:
      'Soy Skiner, el asistente de ayuda de Ztart Tips. Con una cuenta tienes una billetera para guardar dinero en varias monedas, enviar y recibir transferencias y propinas (también con código QR), guardar contactos, fijar presupuestos y metas de ahorro, seguir inversiones y ver a dónde va tu dinero en Análisis. Crea una cuenta gratis o inicia sesión para empezar.',
    guestSignIn:
      'Inicia sesión para preguntar por tu propio dinero: solo respondo con tus cifras cuando has iniciado sesión. Mientras tanto puedo explicarte cómo funciona la app.',
    none: 'ninguno',
    categories: {
      deposits: 'depósitos',
      withdrawals: 'retiros',
      transfers: 'transferencias',
      tips: 'propinas',
      food: 'comida',
      shopping: 'compras',
      transport: 'transporte',
      bills: 'facturas',
      entertainment: 'entretenimiento',
      other: 'otros',
    },
  },
  fr: {
    balance: 'Votre solde disponible est de {balances}.',
    balanceEmpty: 'Votre portefeuille est vide pour le moment : votre solde disponible est de {balances}.',
    spendingCategory:
      'Du {from} au {to}, vous avez dépensé {amount} en {category} (toutes vos dépenses : {total}).',
    spendingTotal: 'Du {from} au {to}, vous avez dépensé {total} au total.',
    budgetsNone: 'Vous n’avez pas encore de budget pour {month}. Vous pouvez en créer un sur l’écran Budget.',
    budgets: 'Pour {month}, vous avez {count} budgets : {spent} dépensés sur {limit}. Dépassés : {over}.',
    goalsNone: 'Vous n’avez pas encore d’objectif d’épargne. Vous pouvez en créer un sur l’écran Objectifs.',
    goals: 'Vos objectifs : {list}.',
    goalItem: '{name}, {saved} sur {target} ({percent} %)',
    tips: 'Du {from} au {to}, vous avez reçu {count} pourboires, {amount} au total.',
    transactionsNone: 'Vous n’avez pas encore de transaction.',
    transactions: 'Vos dernières transactions : {list}.',
    contactsNone: 'Vous n’avez pas encore de contact. Vous pouvez en ajouter un sur l’écran Contacts.',
    contacts: 'Vous avez {count} contacts : {list}.',
    transfer:
      'J’ai préparé un virement{details}. Ouvrez-le pour le vérifier et le confirmer sur l’écran de virement : je ne déplace jamais d’argent moi-même.',
    transferTo: ' à {recipient}',
    transferAmount: ' de {amount}',
    howto:
      'Je peux vous donner votre solde, vos dépenses par catégorie, vos budgets, objectifs, pourboires reçus, dernières transactions et contacts, et préparer un virement que vous confirmez. Chaque fonction a son écran dans le menu : Portefeuille, Paiements, Codes QR, Contacts, Budget, Objectifs, Investissements et Analyses.',
    greeting:
      'Bonjour ! Je suis Skiner. Demandez-moi votre solde, vos dépenses, vos budgets ou vos objectifs.',
    guestHowto:
      'Je suis Skiner, l’assistant d’aide de Ztart Tips. Avec un compte, vous avez un portefeuille pour garder de l’argent en plusieurs devises, envoyer et recevoir des virements et des pourboires (aussi par code QR), garder vos contacts, fixer des budgets et des objectifs d’épargne, suivre des investissements et voir où va votre argent dans Analyses. Créez un compte gratuit ou connectez-vous pour commencer.',
    guestSignIn:
      'Connectez-vous pour poser des questions sur votre propre argent : je ne réponds avec vos chiffres qu’une fois connecté. En attendant, je peux vous expliquer comment fonctionne l’application.',
    none: 'aucun',
    categories: {
      deposits: 'dépôts',
      withdrawals: 'retraits',
      transfers: 'virements',
      tips: 'pourboires',
      food: 'nourriture',
      shopping: 'achats',
      transport: 'transport',
      bills: 'factures',
      entertainment: 'loisirs',
      other: 'autres',
    },
  },
  pt: {
    balance: 'Seu saldo disponível é {balances}.',
    balanceEmpty: 'Sua carteira está vazia por enquanto: seu saldo disponível é {balances}.',
    spendingCategory:
      'De {from} a {to} você gastou {amount} com {category} (todas as suas despesas: {total}).',
    spendingTotal: 'De {from} a {to} você gastou {total} no total.',
    budgetsNone: 'Você ainda não tem orçamentos para {month}. Pode criar um na tela Orçamento.',
    budgets: 'Para {month} você tem {count} orçamentos: {spent} gastos de {limit}. Estourados: {over}.',
    goalsNone: 'Você ainda não tem metas de poupança. Pode criar uma na tela Metas.',
    goals: 'Suas metas: {list}.',
    goalItem: '{name}, {saved} de {target} ({percent}%)',
    tips: 'De {from} a {to} você recebeu {count} gorjetas, {amount} no total.',
    transactionsNone: 'Você ainda não tem transações.',
    transactions: 'Suas últimas transações: {list}.',
    contactsNone: 'Você ainda não tem contatos. Pode adicionar um na tela Contatos.',
    contacts: 'Você tem {count} contatos: {list}.',
    transfer:
      'Preparei uma transferência{details}. Abra-a para conferir e confirmar na tela de transferência: eu nunca movimento dinheiro.',
    transferTo: ' para {recipient}',
    transferAmount: ' de {amount}',
    howto:
      'Posso dizer seu saldo, seus gastos por categoria, seus orçamentos, metas, gorjetas recebidas, últimas transações e contatos, e preparar uma transferência para você confirmar. Cada função tem sua tela no menu: Carteira, Pagamentos, Códigos QR, Contatos, Orçamento, Metas, Investimentos e Análises.',
    greeting: 'Olá! Eu sou o Skiner. Pergunte sobre seu saldo, gastos, orçamentos ou metas.',
    guestHowto:
      'Eu sou o Skiner, o assistente de ajuda do Ztart Tips. Com uma conta você tem uma carteira para guardar dinheiro em várias moedas, enviar e receber transferências e gorjetas (também por código QR), guardar contatos, definir orçamentos e metas de economia, acompanhar investimentos e ver para onde vai seu dinheiro em Análises. Crie uma conta grátis ou entre para começar.',
    guestSignIn:
      'Entre na sua conta para perguntar sobre o seu próprio dinheiro: só respondo com os seus números depois que você entra. Enquanto isso, posso explicar como o app funciona.',
    none: 'nenhum',
    categories: {
      deposits: 'depósitos',
      withdrawals: 'saques',
      transfers: 'transferências',
      tips: 'gorjetas',
      food: 'comida',
      shopping: 'compras',
      transport: 'transporte',
      bills: 'contas',
      entertainment: 'entretenimento',
      other: 'outros',
    },
  },
} satisfies Record<Language, Record<string, string | Record<DefaultCategoryKey, string>>>;

export type TemplateKey = Exclude<keyof (typeof TEMPLATES)['en'], 'categories'>;

/** A template of the language with its figures put in. */
export function render(language: Language, key: TemplateKey, figures: Figures = {}): string {
  return TEMPLATES[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in figures ? String(figures[name]) : whole,
  );
}

export function categoryName(language: Language, key: DefaultCategoryKey): string {
  return TEMPLATES[language].categories[key];
}
