-- The one movement of money from a person's wallet to another's (transfers, tips from the wallet,
-- and every later wallet-to-wallet payment), or between a person's wallet and their savings goals
-- or their investments, many at once, in one statement. Its contract, and the
-- only code that calls it, is movement.ts next to this file; see
-- docs/decisions/0012-transfers-in-batches.md, 0013-transfer-throughput.md and
-- 0016-one-ledger-movement.md (and 0032-savings-goals.md for goals, 0036-simulated-investments.md
-- for investment orders). A migration installs it: this text is copied into the migration
-- by `npm run db:movement`, and movement.test.ts checks that the newest copy is this text.
--
-- p_items: a JSON array of movements, each prepared by the server (movement.ts, MovementOrder).
-- p_settings: unverifiedDailyReferenceMinor, outgoingKinds, defaultCategories, referenceRates
--   ({currency: {numerator, denominator}}: minor units of the currency × numerator ÷ denominator,
--   rounded half up, are reference minor units; the table is packages/shared/src/reference-rates.ts).
-- Returns one outcome per item, in order: {statusCode, body, sentCategoryId, receivedCategoryId,
-- notified} when it moved money (notified: its notification — the recipient's, or a goal's reached —
-- was written, its type being on), {replayed: true, statusCode, body} for a kept answer, or {error, ...}
-- (insufficient_balance, limit_exceeded with remainingReferenceMinor, pin_required,
-- idempotency_conflict, wallet_error, recipient_user_not_found for a recipient gone or who blocked the
-- payer, settlement_above_remaining, not_found for a goal that is not the payer's in that currency,
-- goal_savings_insufficient, insufficient_holdings, invoice_not_payable) when it moved nothing. A move that made its
-- goal reach the target says so (goalReached: true).
--
-- An investment order (decision 0036) is a movement of one person (sender = recipient) between
-- their available wallet and their own `investment` account in the order's currency, with its
-- `investment` item: a buy moves the amount wallet → investment and adds the micro-units bought and
-- their cost to the holding; a sell moves the amount investment → wallet and takes the micro-units
-- sold (all of them when less than one minor unit's worth would be left) and their average cost
-- from the holding, and the difference between amount and cost (the gain or loss) moves between
-- the `market` system account and the investment account. So the investment account always holds
-- the cost of the person's holdings in its currency. It has no received transaction and no
-- notification. A refusal writes nothing; anything
-- unexpected raises, and the whole batch rolls back.
--
-- An invoice paid from the payer's wallet (decision 0038) carries `invoice` ({id, groupId}): the
-- recipient's sent invoice in the movement's currency and for exactly its total, locked (after the
-- accounts; a card payment locks the issuer's person row before the invoice, so the two never wait
-- on each other in a cycle), becomes paid with the money, once: paid, void, another's, or paid
-- earlier in the batch → invoice_not_payable.
--
-- The checks run in order, one movement after the other, on arrays: what an earlier movement of the
-- batch moved, kept or sent today counts for the later ones. Then one INSERT … SELECT per table
-- writes every accepted movement's rows. Reads by key (a kept answer, a category) stay one look-up
-- per movement: a few microseconds each, where a read of the whole set costs tens, and its plan,
-- cached while a table was small, could stay a scan of it once it has grown.
CREATE OR REPLACE FUNCTION ledger_movement(p_items jsonb, p_settings jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  -- Each movement's fields, by its position in p_items (from 1).
  v_count int;
  v_keys text[];
  v_hashes text[];
  v_senders uuid[];
  v_recipients uuid[];
  v_amounts bigint[];
  v_currencies text[];
  v_nows timestamptz[];
  v_key_expiries timestamptz[];
  v_day_starts timestamptz[];
  v_check_daily boolean[];
  v_check_pin boolean[];
  v_ledger_batch_ids uuid[];
  v_ledger_codes text[];
  v_category_keys text[];
  -- Which account of the payer pays and which of the recipient receives: the available wallet,
  -- unless a goal move names the person's goal savings, or an investment order their investment account.
  v_debit_kinds text[];
  v_credit_kinds text[];
  -- Each amount in reference minor units, for the daily cap across currencies.
  v_references bigint[];
  -- Some movement of the batch is a tip with its own row.
  v_has_tips boolean;
  -- Some movement of the batch settles a debt (its debt_settlements row).
  v_has_settlements boolean;
  v_debt uuid;
  -- Some movement of the batch moves money into or out of a savings goal (its `goal`).
  v_has_goals boolean;
  -- The goals of the batch, locked, with what each holds as the batch goes and when it reached its target.
  v_goal uuid;
  v_goal_at int;
  v_goal_row record;
  v_goal_ids uuid[] := '{}';
  v_goal_saved bigint[] := '{}';
  v_goal_targets bigint[] := '{}';
  v_goal_reached_at timestamptz[] := '{}';
  -- The movements that made their goal reach its target.
  v_goals_reached int[] := '{}';
  -- Some movement of the batch is an investment order, and what the orders found and decided: the
  -- holdings (key person:symbol) under their locks; per movement, the market's leg of a sale
  -- (positive: a gain, market → investment), the market account, the quantity and the cost.
  v_has_investments boolean;
  v_holding_keys text[] := '{}';
  v_holding_currencies text[] := '{}';
  v_holding_quantities bigint[] := '{}';
  v_holding_costs bigint[] := '{}';
  v_market_legs bigint[];
  v_market_accounts bigint[];
  v_quantities bigint[];
  v_costs bigint[];
  v_investment jsonb;
  v_market int;
  v_held int;
  v_quantity bigint;
  v_cost bigint;
  -- Some movement of the batch pays an invoice; the invoices paid so far in the batch.
  v_has_invoices boolean;
  v_invoice uuid;
  v_invoices_paid uuid[] := '{}';
  -- What the batch found, under its locks: the people of the batch whose account is not deleted.
  v_people uuid[];
  v_account_ids bigint[];
  v_account_keys text[];
  v_balances bigint[];
  v_opening bigint[];
  v_kept record;
  v_sent_today bigint[];
  v_pinned uuid[] := '{}';
  -- What it decided.
  v_outcomes jsonb[] := '{}';
  v_accepted int[] := '{}';
  -- sender:key of each accepted movement ('' without a key), in the order of v_accepted.
  v_accepted_keys text[] := '{}';
  v_debits bigint[];
  v_credits bigint[];
  v_sent_categories uuid[];
  v_received_categories uuid[];
  v_answers jsonb[];
  v_expired_scopes text[] := '{}';
  v_expired_keys text[] := '{}';
  -- The notifications written (a type turned off writes none), and a movement among the accepted.
  v_notified uuid[];
  v_written_at int;
  -- The movement being decided.
  v_key text;
  v_at int;
  v_from int;
  v_to int;
  v_remaining bigint;
  v_answer jsonb;
  v_daily_reference_minor bigint := (p_settings->>'unverifiedDailyReferenceMinor')::bigint;
BEGIN
  SELECT count(*)::int, array_agg(i.key ORDER BY e.n), array_agg(i."requestHash" ORDER BY e.n),
    array_agg(i."senderId" ORDER BY e.n), array_agg(i."recipientId" ORDER BY e.n),
    array_agg(i."amountMinor" ORDER BY e.n), array_agg(i.currency ORDER BY e.n),
    array_agg(i.now ORDER BY e.n), array_agg(i."keyExpiresAt" ORDER BY e.n),
    array_agg(i."dayStartsAt" ORDER BY e.n), array_agg(i."checkDaily" ORDER BY e.n),
    array_agg(i."checkPin" ORDER BY e.n), array_agg(i."ledgerBatchId" ORDER BY e.n),
    array_agg(i."ledgerCode" ORDER BY e.n), array_agg(i."categoryKey" ORDER BY e.n),
    array_agg(div(i."amountMinor"::numeric * (p_settings->'referenceRates'->i.currency->>'numerator')::numeric
      + div((p_settings->'referenceRates'->i.currency->>'denominator')::numeric, 2),
      (p_settings->'referenceRates'->i.currency->>'denominator')::numeric)::bigint ORDER BY e.n),
    COALESCE(bool_or(e.item ? 'tip'), false), COALESCE(bool_or(e.item ? 'debtSettlement'), false),
    array_agg(COALESCE(i."debitKind", 'wallet_available') ORDER BY e.n),
    array_agg(COALESCE(i."creditKind", 'wallet_available') ORDER BY e.n),
    COALESCE(bool_or(e.item ? 'goal'), false), COALESCE(bool_or(e.item ? 'investment'), false),
    COALESCE(bool_or(e.item ? 'invoice'), false)
  INTO v_count, v_keys, v_hashes, v_senders, v_recipients, v_amounts, v_currencies, v_nows,
    v_key_expiries, v_day_starts, v_check_daily, v_check_pin, v_ledger_batch_ids, v_ledger_codes,
    v_category_keys, v_references, v_has_tips, v_has_settlements, v_debit_kinds, v_credit_kinds,
    v_has_goals, v_has_investments, v_has_invoices
  FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e(item, n),
    jsonb_to_record(e.item) AS i(key text, "requestHash" text, "senderId" uuid, "recipientId" uuid,
      "amountMinor" bigint, currency text, now timestamptz, "keyExpiresAt" timestamptz,
      "dayStartsAt" timestamptz, "checkDaily" boolean, "checkPin" boolean, "ledgerBatchId" uuid,
      "ledgerCode" text, "categoryKey" text, "debitKind" text, "creditKind" text);
  IF v_count = 0 THEN
    RETURN '[]'::jsonb;
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(v_references) r WHERE r IS NULL) THEN
    RAISE EXCEPTION 'ledger_movement: a currency has no reference rate';
  END IF;
  -- Wallets pay wallets; a goal's savings move only from and to the same person's wallet, and an
  -- investment order's money only from that wallet to their investment account (a buy) or back (a sell).
  IF EXISTS (SELECT 1 FROM unnest(v_senders, v_recipients, v_debit_kinds, v_credit_kinds) WITH ORDINALITY AS x(s, r, d, c, n)
      WHERE NOT CASE p_items->(x.n::int - 1)->'investment'->>'side'
        WHEN 'buy' THEN s = r AND d = 'wallet_available' AND c = 'investment'
        WHEN 'sell' THEN s = r AND d = 'investment' AND c = 'wallet_available'
        ELSE d = 'wallet_available' AND c = 'wallet_available'
          OR s = r AND (d, c) IN (('wallet_available', 'goal_savings'), ('goal_savings', 'wallet_available')) END) THEN
    RAISE EXCEPTION 'ledger_movement: accounts a movement may not move between';
  END IF;
  v_debits := array_fill(NULL::bigint, ARRAY[v_count]);
  v_credits := array_fill(NULL::bigint, ARRAY[v_count]);
  v_answers := array_fill(NULL::jsonb, ARRAY[v_count]);
  v_sent_categories := array_fill(NULL::uuid, ARRAY[v_count]);
  v_received_categories := array_fill(NULL::uuid, ARRAY[v_count]);
  v_market_legs := array_fill(0::bigint, ARRAY[v_count]);
  v_market_accounts := array_fill(NULL::bigint, ARRAY[v_count]);
  v_quantities := array_fill(NULL::bigint, ARRAY[v_count]);
  v_costs := array_fill(NULL::bigint, ARRAY[v_count]);

  -- People first, payers and recipients together, ascending, as every outgoing payment locks its
  -- payer before its accounts: the daily limit reads what each payer sent, and deleting an account
  -- locks the person's row before it counts their money (profiles/delete-account.ts). A deletion
  -- that committed first is seen here, and one that comes later waits for this batch and then
  -- finds the money. A person whose account is gone is not among them: neither payer nor
  -- recipient.
  SELECT COALESCE(array_agg(person.id), '{}') INTO v_people FROM (
    SELECT id, deleted_at FROM users WHERE id = ANY (v_senders || v_recipients) ORDER BY id FOR NO KEY UPDATE
  ) person WHERE person.deleted_at IS NULL;

  -- A recipient's first money in a currency opens their wallet account in it (or their goal
  -- savings account, for a first goal, or their investment account, for a first buy), before any
  -- account is locked (a new row is only waited on while another transaction creates the same one).
  INSERT INTO ledger_accounts (owner_id, kind, currency, allow_negative)
  SELECT DISTINCT x.r, x.k, x.c, false FROM unnest(v_recipients, v_credit_kinds, v_currencies) AS x(r, k, c)
  WHERE x.r = ANY (v_people) AND NOT EXISTS (
    SELECT 1 FROM ledger_accounts a WHERE a.owner_id = x.r AND a.kind = x.k AND a.currency = x.c)
  ON CONFLICT DO NOTHING;
  -- The first sale in a currency opens the market's account in it (key ':market:<currency>').
  IF v_has_investments THEN
    INSERT INTO ledger_accounts (owner_id, kind, currency, allow_negative)
    SELECT DISTINCT NULL::uuid, 'market', e.item->>'currency', true
    FROM jsonb_array_elements(p_items) AS e(item)
    WHERE e.item->'investment'->>'side' = 'sell' AND NOT EXISTS (
      SELECT 1 FROM ledger_accounts a WHERE a.owner_id IS NULL AND a.kind = 'market' AND a.currency = e.item->>'currency')
    ON CONFLICT DO NOTHING;
  END IF;

  -- Every account of the batch, locked in ascending id order so that no two movements can wait on
  -- each other in a cycle; balances are then kept here and written once at the end.
  SELECT array_agg(locked.id), array_agg(locked.owner_id::text || ':' || locked.kind || ':' || locked.currency),
    array_agg(locked.balance_minor)
  INTO v_account_ids, v_account_keys, v_balances
  FROM (
    SELECT a.id, a.owner_id, a.kind, a.currency, a.balance_minor FROM ledger_accounts a
    WHERE (a.owner_id, a.kind, a.currency) IN (
      SELECT * FROM unnest(v_senders || v_recipients, v_debit_kinds || v_credit_kinds, v_currencies || v_currencies))
    ORDER BY a.id FOR UPDATE
  ) locked;

  -- Investment orders: the market's account in each currency of a sale, after the people's accounts,
  -- in the same arrays (key ':market:<currency>', the system being no owner); then the holdings
  -- the orders change. Every movement locks in this order: people, their accounts in ascending id,
  -- the market's, holdings.
  IF v_has_investments THEN
    SELECT v_account_ids || COALESCE(array_agg(m.id), '{}'),
      v_account_keys || COALESCE(array_agg(':market:' || m.currency), '{}'),
      v_balances || COALESCE(array_agg(m.balance_minor), '{}')
    INTO v_account_ids, v_account_keys, v_balances
    FROM (
      SELECT a.id, a.currency, a.balance_minor FROM ledger_accounts a
      WHERE a.owner_id IS NULL AND a.kind = 'market' AND a.currency IN (
        SELECT e.item->>'currency' FROM jsonb_array_elements(p_items) AS e(item)
        WHERE e.item->'investment'->>'side' = 'sell')
      ORDER BY a.id FOR UPDATE
    ) m;

    SELECT COALESCE(array_agg(h.user_id::text || ':' || h.symbol), '{}'), COALESCE(array_agg(h.currency), '{}'),
      COALESCE(array_agg(h.quantity_micro), '{}'), COALESCE(array_agg(h.cost_minor), '{}')
    INTO v_holding_keys, v_holding_currencies, v_holding_quantities, v_holding_costs
    FROM (
      SELECT * FROM investment_holdings WHERE (user_id, symbol) IN (
        SELECT (e.item->>'senderId')::uuid, e.item->'investment'->>'symbol'
        FROM jsonb_array_elements(p_items) AS e(item) WHERE e.item ? 'investment')
      ORDER BY user_id, symbol FOR UPDATE
    ) h;
  END IF;
  v_opening := v_balances;

  -- What each unverified sender already sent in the day before their movement, in every currency
  -- together (each amount at its reference rate), and who has a PIN: read once, before the loop,
  -- as nothing in the batch writes either before the loop is over (what the batch itself sends is
  -- added in the loop).
  IF true = ANY (v_check_daily) THEN
    SELECT array_agg(CASE WHEN x.checked THEN (
        SELECT COALESCE(SUM(div(t.amount_minor::numeric * r.numerator + div(r.denominator, 2), r.denominator)), 0)
        FROM transactions t
        JOIN (SELECT rate.key AS currency, (rate.value->>'numerator')::numeric AS numerator,
                (rate.value->>'denominator')::numeric AS denominator
              FROM jsonb_each(p_settings->'referenceRates') AS rate) r ON r.currency = t.currency
        WHERE t.user_id = x.s
          AND t.kind = ANY (ARRAY(SELECT jsonb_array_elements_text(p_settings->'outgoingKinds')))
          AND t.status <> 'failed' AND t.created_at > x.d) END ORDER BY x.n)
    INTO v_sent_today
    FROM unnest(v_senders, v_day_starts, v_check_daily) WITH ORDINALITY AS x(s, d, checked, n);
  END IF;

  IF true = ANY (v_check_pin) THEN
    SELECT COALESCE(array_agg(p.user_id), '{}') INTO v_pinned FROM user_pins p
    WHERE p.user_id IN (SELECT s FROM unnest(v_senders, v_check_pin) AS x(s, checked) WHERE checked);
  END IF;

  FOR i IN 1..v_count LOOP
    v_goal_at := NULL;
    -- The same key earlier in this batch, then an answer kept before it.
    v_key := v_senders[i]::text || ':' || v_keys[i];
    IF v_key IS NOT NULL THEN
      v_at := v_accepted[array_position(v_accepted_keys, v_key)];
      IF v_at IS NOT NULL THEN
        v_outcomes[i] := CASE WHEN v_hashes[v_at] <> v_hashes[i]
          THEN jsonb_build_object('error', 'idempotency_conflict')
          ELSE jsonb_build_object('replayed', true, 'statusCode', 201, 'body', v_answers[v_at]) END;
        CONTINUE;
      END IF;
      SELECT request_hash, status_code, response, expires_at INTO v_kept FROM idempotency_keys
      WHERE scope = v_senders[i]::text AND key = v_keys[i];
      IF FOUND AND v_kept.expires_at < v_nows[i] THEN
        v_expired_scopes := v_expired_scopes || v_senders[i]::text;
        v_expired_keys := v_expired_keys || v_keys[i];
      ELSIF FOUND AND v_kept.request_hash <> v_hashes[i] THEN
        v_outcomes[i] := jsonb_build_object('error', 'idempotency_conflict');
        CONTINUE;
      ELSIF FOUND THEN
        v_outcomes[i] := jsonb_build_object(
          'replayed', true, 'statusCode', v_kept.status_code, 'body', v_kept.response);
        CONTINUE;
      END IF;
    END IF;

    IF NOT v_senders[i] = ANY (v_people) THEN
      v_outcomes[i] := jsonb_build_object('error', 'wallet_error');
      CONTINUE;
    END IF;

    IF NOT v_recipients[i] = ANY (v_people) THEN
      v_outcomes[i] := jsonb_build_object('error', 'recipient_user_not_found');
      CONTINUE;
    END IF;

    -- A recipient who blocked the payer: refused as an account that is gone would be, so that the
    -- payer learns nothing of the block. Read under the recipient's lock, which a block takes too
    -- (contacts/service.ts): a block is either committed before this read or waits for the batch.
    IF v_senders[i] <> v_recipients[i] AND EXISTS (SELECT 1 FROM contacts c WHERE c.contact_user_id = v_senders[i]
        AND c.owner_id = v_recipients[i] AND c.blocked) THEN
      v_outcomes[i] := jsonb_build_object('error', 'recipient_user_not_found');
      CONTINUE;
    END IF;

    -- An invoice's payment: the recipient's sent invoice, for its total in its currency, paid once.
    -- Checked before the payer's own limits: an invoice that is no longer payable is the answer,
    -- not a PIN or the daily cap, which would be asked for in vain.
    IF p_items->(i - 1) ? 'invoice' THEN
      v_invoice := (p_items->(i - 1)->'invoice'->>'id')::uuid;
      PERFORM 1 FROM invoices v WHERE v.id = v_invoice AND v.issuer_id = v_recipients[i]
        AND v.status = 'sent' AND v.currency = v_currencies[i] AND v.total_minor = v_amounts[i]
      FOR UPDATE;
      IF NOT FOUND OR v_invoice = ANY (v_invoices_paid) THEN
        v_outcomes[i] := jsonb_build_object('error', 'invoice_not_payable');
        CONTINUE;
      END IF;
    END IF;

    IF v_check_daily[i] THEN
      v_remaining := v_sent_today[i];
      FOREACH v_at IN ARRAY v_accepted LOOP
        -- Money that left the sender for someone else (not into their own goals).
        IF v_senders[v_at] = v_senders[i] AND v_recipients[v_at] <> v_senders[v_at] THEN
          v_remaining := v_remaining + v_references[v_at];
        END IF;
      END LOOP;
      v_remaining := GREATEST(0, v_daily_reference_minor - v_remaining);
      IF v_references[i] > v_remaining THEN
        v_outcomes[i] := jsonb_build_object('error', 'limit_exceeded', 'remainingReferenceMinor', v_remaining);
        CONTINUE;
      END IF;
    END IF;

    IF v_check_pin[i] AND v_senders[i] = ANY (v_pinned) THEN
      v_outcomes[i] := jsonb_build_object('error', 'pin_required');
      CONTINUE;
    END IF;

    -- A debt's settlement: never above what is left of it, once the other side confirmed it. The
    -- debt's row is locked (after the accounts, as nothing that locks a debt locks an account).
    IF p_items->(i - 1) ? 'debtSettlement' THEN
      v_debt := (p_items->(i - 1)->'debtSettlement'->>'debt_id')::uuid;
      SELECT d.amount_minor - d.settled_minor INTO v_remaining FROM debts d
      WHERE d.id = v_debt AND d.status = 'open' AND d.confirmation IN ('confirmed', 'not_needed')
      FOR UPDATE;
      IF NOT FOUND THEN
        v_remaining := 0;
      END IF;
      FOREACH v_at IN ARRAY v_accepted LOOP
        IF (p_items->(v_at - 1)->'debtSettlement'->>'debt_id')::uuid IS NOT DISTINCT FROM v_debt THEN
          v_remaining := v_remaining - v_amounts[v_at];
        END IF;
      END LOOP;
      IF v_amounts[i] > v_remaining THEN
        v_outcomes[i] := jsonb_build_object('error', 'settlement_above_remaining');
        CONTINUE;
      END IF;
    END IF;

    -- A savings goal's move: the payer's own goal in that currency, its row locked (after the
    -- accounts, as nothing that locks a goal locks an account); never more out than it holds.
    IF p_items->(i - 1) ? 'goal' THEN
      v_goal := (p_items->(i - 1)->'goal'->>'id')::uuid;
      v_goal_at := array_position(v_goal_ids, v_goal);
      IF v_goal_at IS NULL THEN
        SELECT g.saved_minor, g.target_minor, g.reached_at INTO v_goal_row FROM goals g
        WHERE g.id = v_goal AND g.owner_id = v_senders[i] AND g.currency = v_currencies[i]
        FOR UPDATE;
        IF NOT FOUND THEN
          v_outcomes[i] := jsonb_build_object('error', 'not_found');
          CONTINUE;
        END IF;
        v_goal_ids := v_goal_ids || v_goal;
        v_goal_saved := v_goal_saved || v_goal_row.saved_minor;
        v_goal_targets := v_goal_targets || v_goal_row.target_minor;
        v_goal_reached_at := v_goal_reached_at || v_goal_row.reached_at;
        v_goal_at := cardinality(v_goal_ids);
      END IF;
      IF v_debit_kinds[i] = 'goal_savings' AND v_amounts[i] > v_goal_saved[v_goal_at] THEN
        v_outcomes[i] := jsonb_build_object('error', 'goal_savings_insufficient');
        CONTINUE;
      END IF;
    END IF;

    v_from := array_position(v_account_keys, v_senders[i]::text || ':' || v_debit_kinds[i] || ':' || v_currencies[i]);
    v_to := array_position(v_account_keys, v_recipients[i]::text || ':' || v_credit_kinds[i] || ':' || v_currencies[i]);
    IF v_to IS NULL THEN
      RAISE EXCEPTION 'ledger_movement: the recipient''s account was not locked';
    END IF;
    IF p_items->(i - 1) ? 'investment' THEN
      -- An investment order: the person's wallet and investment account (v_from and v_to: wallet →
      -- investment for a buy, investment → wallet for a sell), with the holding changed to match.
      v_investment := p_items->(i - 1)->'investment';
      v_held := array_position(v_holding_keys, v_senders[i]::text || ':' || (v_investment->>'symbol'));
      IF v_held IS NULL THEN
        v_holding_keys := v_holding_keys || (v_senders[i]::text || ':' || (v_investment->>'symbol'));
        v_holding_currencies := v_holding_currencies || v_currencies[i];
        v_holding_quantities := v_holding_quantities || 0::bigint;
        v_holding_costs := v_holding_costs || 0::bigint;
        v_held := cardinality(v_holding_keys);
      END IF;
      v_quantity := (v_investment->>'quantityMicro')::bigint;
      IF v_investment->>'side' = 'buy' THEN
        IF v_from IS NULL OR v_balances[v_from] < v_amounts[i] THEN
          v_outcomes[i] := jsonb_build_object('error', 'insufficient_balance');
          CONTINUE;
        END IF;
        v_cost := v_amounts[i];
        v_holding_quantities[v_held] := v_holding_quantities[v_held] + v_quantity;
        v_holding_costs[v_held] := v_holding_costs[v_held] + v_cost;
      ELSE
        IF v_quantity > v_holding_quantities[v_held] THEN
          v_outcomes[i] := jsonb_build_object('error', 'insufficient_holdings');
          CONTINUE;
        END IF;
        IF v_from IS NULL THEN
          RAISE EXCEPTION 'ledger_movement: the investment account was not locked';
        END IF;
        -- Less than one minor unit's worth left over: the sale takes the whole holding.
        IF div((v_holding_quantities[v_held] - v_quantity)::numeric * (v_investment->>'priceMinor')::numeric, 1000000) < 1 THEN
          v_quantity := v_holding_quantities[v_held];
        END IF;
        -- The average cost of what is sold, rounded down; the whole cost with the whole holding.
        v_cost := CASE WHEN v_quantity = v_holding_quantities[v_held] THEN v_holding_costs[v_held]
          ELSE div(v_holding_costs[v_held]::numeric * v_quantity, v_holding_quantities[v_held])::bigint END;
        v_market := array_position(v_account_keys, ':market:' || v_currencies[i]);
        IF v_market IS NULL THEN
          RAISE EXCEPTION 'ledger_movement: the market account was not locked';
        END IF;
        -- The gain (market → investment) or loss (investment → market) first; the sale below then
        -- takes the whole amount out of the investment account, which so loses the cost.
        v_balances[v_market] := v_balances[v_market] - (v_amounts[i] - v_cost);
        v_balances[v_from] := v_balances[v_from] + (v_amounts[i] - v_cost);
        v_holding_quantities[v_held] := v_holding_quantities[v_held] - v_quantity;
        v_holding_costs[v_held] := v_holding_costs[v_held] - v_cost;
        v_market_legs[i] := v_amounts[i] - v_cost;
        v_market_accounts[i] := v_account_ids[v_market];
      END IF;
      v_quantities[i] := v_quantity;
      v_costs[i] := v_cost;
    ELSIF v_from IS NULL OR v_balances[v_from] < v_amounts[i] THEN
      v_outcomes[i] := jsonb_build_object('error', 'insufficient_balance');
      CONTINUE;
    END IF;
    v_balances[v_from] := v_balances[v_from] - v_amounts[i];
    v_balances[v_to] := v_balances[v_to] + v_amounts[i];
    v_debits[i] := v_account_ids[v_from];
    v_credits[i] := v_account_ids[v_to];

    v_sent_categories[i] := ledger_movement_category(v_senders[i], v_category_keys[i], p_settings->'defaultCategories');
    IF p_items->(i - 1) ? 'received' THEN
      v_received_categories[i] := ledger_movement_category(v_recipients[i], v_category_keys[i], p_settings->'defaultCategories');
    END IF;

    -- An answer that shows the sender's transaction shows the category it was filed under.
    v_answer := p_items->(i - 1)->'answer';
    IF v_answer ? 'order' AND v_quantities[i] IS NOT NULL THEN
      v_answer := jsonb_set(jsonb_set(jsonb_set(v_answer, '{order,quantityMicro}', to_jsonb(v_quantities[i])),
        '{order,costMinor}', to_jsonb(v_costs[i])), '{order,realizedMinor}', to_jsonb(v_market_legs[i]));
    END IF;
    IF v_answer ? 'transaction' THEN
      v_answer := jsonb_set(v_answer, '{transaction,categoryId}', COALESCE(to_jsonb(v_sent_categories[i]), 'null'::jsonb));
    END IF;
    -- A goal's move: what the goal holds after it, and its target reached once (its notification).
    IF v_goal_at IS NOT NULL THEN
      v_goal_saved[v_goal_at] := v_goal_saved[v_goal_at]
        + CASE WHEN v_credit_kinds[i] = 'goal_savings' THEN v_amounts[i] ELSE -v_amounts[i] END;
      IF v_goal_reached_at[v_goal_at] IS NULL AND v_goal_saved[v_goal_at] >= v_goal_targets[v_goal_at] THEN
        v_goal_reached_at[v_goal_at] := v_nows[i];
        v_goals_reached := v_goals_reached || i;
      END IF;
      v_answer := jsonb_set(jsonb_set(jsonb_set(v_answer,
        '{goal,savedMinor}', to_jsonb(v_goal_saved[v_goal_at])),
        '{goal,targetMinor}', to_jsonb(v_goal_targets[v_goal_at])),
        '{goal,reachedAt}', COALESCE(to_jsonb(v_goal_reached_at[v_goal_at]), 'null'::jsonb));
    END IF;
    v_answers[i] := v_answer;
    IF p_items->(i - 1) ? 'invoice' THEN
      v_invoices_paid := v_invoices_paid || v_invoice;
    END IF;
    v_accepted := v_accepted || i;
    v_accepted_keys := v_accepted_keys || COALESCE(v_key, '');
    v_outcomes[i] := jsonb_build_object('statusCode', 201, 'body', v_answer,
      'sentCategoryId', v_sent_categories[i], 'receivedCategoryId', v_received_categories[i]);
    IF i = ANY (v_goals_reached) THEN
      v_outcomes[i] := v_outcomes[i] || jsonb_build_object('goalReached', true);
    END IF;
  END LOOP;

  IF cardinality(v_expired_keys) > 0 THEN
    DELETE FROM idempotency_keys k USING unnest(v_expired_scopes, v_expired_keys) AS x(s, kk)
    WHERE k.scope = x.s AND k.key = x.kk;
  END IF;

  IF cardinality(v_accepted) > 0 THEN
    INSERT INTO ledger_transfers (batch_id, debit_account_id, credit_account_id, amount_minor, currency, code, state)
    SELECT v_ledger_batch_ids[a.i], v_debits[a.i], v_credits[a.i], v_amounts[a.i], v_currencies[a.i],
      v_ledger_codes[a.i], 'posted'
    FROM unnest(v_accepted) AS a(i);

    -- A sale's gain (market → investment) or loss (investment → market).
    IF v_has_investments THEN
      INSERT INTO ledger_transfers (batch_id, debit_account_id, credit_account_id, amount_minor, currency, code, state)
      SELECT v_ledger_batch_ids[a.i],
        CASE WHEN v_market_legs[a.i] > 0 THEN v_market_accounts[a.i] ELSE v_debits[a.i] END,
        CASE WHEN v_market_legs[a.i] > 0 THEN v_debits[a.i] ELSE v_market_accounts[a.i] END,
        abs(v_market_legs[a.i]), v_currencies[a.i], v_ledger_codes[a.i], 'posted'
      FROM unnest(v_accepted) AS a(i) WHERE v_market_legs[a.i] <> 0;
    END IF;

    INSERT INTO transactions
    SELECT r.* FROM unnest(v_accepted) AS a(i)
    CROSS JOIN LATERAL (VALUES
      (p_items->(a.i - 1)->'sent' || jsonb_build_object('category_id', v_sent_categories[a.i])),
      (p_items->(a.i - 1)->'received' || jsonb_build_object('category_id', v_received_categories[a.i]))
    ) AS j(columns)
    CROSS JOIN LATERAL jsonb_populate_record(NULL::transactions, j.columns) AS r
    -- A movement of one person (a goal's move, an investment order) has one side: their own transaction.
    WHERE j.columns IS NOT NULL;

    -- The recipient's notification, unless they turned its type off (no preference row is on).
    WITH written AS (
      INSERT INTO notifications
      SELECT r.* FROM unnest(v_accepted) AS a(i)
      CROSS JOIN LATERAL jsonb_populate_record(NULL::notifications, p_items->(a.i - 1)->'notification') AS r
      WHERE p_items->(a.i - 1) ? 'notification' AND NOT EXISTS (SELECT 1 FROM notification_preferences p
        WHERE p.user_id = r.user_id AND p.type = r.type AND NOT p.in_app)
      RETURNING id
    )
    SELECT COALESCE(array_agg(id), '{}') INTO v_notified FROM written;
    FOREACH v_written_at IN ARRAY v_accepted LOOP
      v_outcomes[v_written_at] := v_outcomes[v_written_at] || jsonb_build_object('notified',
        COALESCE((p_items->(v_written_at - 1)->'notification'->>'id')::uuid = ANY(v_notified), false));
    END LOOP;

    INSERT INTO audit_log
    SELECT r.* FROM unnest(v_accepted) AS a(i)
    CROSS JOIN LATERAL jsonb_populate_record(NULL::audit_log, p_items->(a.i - 1)->'audit') AS r;

    -- What only a tip has (its message, receipt contact, QR code): a tip from the wallet's own row.
    IF v_has_tips THEN
      INSERT INTO tips
      SELECT r.* FROM unnest(v_accepted) AS a(i)
      CROSS JOIN LATERAL jsonb_populate_record(NULL::tips, p_items->(a.i - 1)->'tip') AS r
      WHERE p_items->(a.i - 1) ? 'tip';
    END IF;

    -- A debt's settlement: its row, and what is left of the debt.
    IF v_has_settlements THEN
      INSERT INTO debt_settlements
      SELECT r.* FROM unnest(v_accepted) AS a(i)
      CROSS JOIN LATERAL jsonb_populate_record(NULL::debt_settlements, p_items->(a.i - 1)->'debtSettlement') AS r
      WHERE p_items->(a.i - 1) ? 'debtSettlement';

      UPDATE debts d SET settled_minor = d.settled_minor + paid.total,
        status = CASE WHEN d.settled_minor + paid.total >= d.amount_minor THEN 'settled' ELSE d.status END,
        updated_at = paid.at
      FROM (
        SELECT (p_items->(a.i - 1)->'debtSettlement'->>'debt_id')::uuid AS debt_id,
          SUM(v_amounts[a.i]) AS total, MAX(v_nows[a.i]) AS at
        FROM unnest(v_accepted) AS a(i) WHERE p_items->(a.i - 1) ? 'debtSettlement' GROUP BY 1
      ) paid
      WHERE d.id = paid.debt_id;
    END IF;

    -- Savings goals: what each holds now, when it reached its target, and that notification.
    IF v_has_goals THEN
      UPDATE goals g SET saved_minor = x.saved_minor, reached_at = x.reached_at, updated_at = now()
      FROM unnest(v_goal_ids, v_goal_saved, v_goal_reached_at) AS x(id, saved_minor, reached_at)
      WHERE g.id = x.id AND (g.saved_minor <> x.saved_minor OR g.reached_at IS DISTINCT FROM x.reached_at);

      -- Its owner's notification, unless they turned its type off.
      WITH written AS (
        INSERT INTO notifications
        SELECT r.* FROM unnest(v_goals_reached) AS a(i)
        CROSS JOIN LATERAL jsonb_populate_record(NULL::notifications, p_items->(a.i - 1)->'goal'->'reachedNotification') AS r
        WHERE NOT EXISTS (SELECT 1 FROM notification_preferences p
          WHERE p.user_id = r.user_id AND p.type = r.type AND NOT p.in_app)
        RETURNING id
      )
      SELECT COALESCE(array_agg(id), '{}') INTO v_notified FROM written;
      FOREACH v_written_at IN ARRAY v_goals_reached LOOP
        v_outcomes[v_written_at] := v_outcomes[v_written_at] || jsonb_build_object('notified',
          (p_items->(v_written_at - 1)->'goal'->'reachedNotification'->>'id')::uuid = ANY(v_notified));
      END LOOP;
    END IF;

    -- Invoices paid from a wallet: paid and completed at once, by the payer.
    IF v_has_invoices THEN
      UPDATE invoices v SET status = 'paid', payment_source = 'wallet', payment_status = 'completed',
        payer_id = v_senders[a.i], paid_at = v_nows[a.i], payment_settled_at = v_nows[a.i],
        payment_group_id = (p_items->(a.i - 1)->'invoice'->>'groupId')::uuid, updated_at = v_nows[a.i]
      FROM unnest(v_accepted) AS a(i)
      WHERE p_items->(a.i - 1) ? 'invoice' AND v.id = (p_items->(a.i - 1)->'invoice'->>'id')::uuid;
    END IF;

    -- An investment order's row, with the quantity and cost decided above, and the holdings it changed.
    IF v_has_investments THEN
      INSERT INTO investment_orders
      SELECT r.* FROM unnest(v_accepted) AS a(i)
      CROSS JOIN LATERAL jsonb_populate_record(NULL::investment_orders, p_items->(a.i - 1)->'investment'->'order'
        || jsonb_build_object('quantity_micro', v_quantities[a.i], 'cost_minor', v_costs[a.i])) AS r
      WHERE p_items->(a.i - 1) ? 'investment';

      INSERT INTO investment_holdings (user_id, symbol, currency, quantity_micro, cost_minor, updated_at)
      SELECT split_part(h.key, ':', 1)::uuid, split_part(h.key, ':', 2), h.currency, h.quantity, h.cost, v_nows[1]
      FROM unnest(v_holding_keys, v_holding_currencies, v_holding_quantities, v_holding_costs) AS h(key, currency, quantity, cost)
      WHERE h.key IN (SELECT v_senders[a.i]::text || ':' || (p_items->(a.i - 1)->'investment'->>'symbol')
        FROM unnest(v_accepted) AS a(i) WHERE p_items->(a.i - 1) ? 'investment')
      ON CONFLICT (user_id, symbol) DO UPDATE SET quantity_micro = EXCLUDED.quantity_micro,
        cost_minor = EXCLUDED.cost_minor, updated_at = EXCLUDED.updated_at;
    END IF;

    INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response, created_at, expires_at)
    SELECT v_senders[a.i]::text, v_keys[a.i], v_hashes[a.i], 201, v_answers[a.i], v_nows[a.i], v_key_expiries[a.i]
    FROM unnest(v_accepted) AS a(i) WHERE v_keys[a.i] IS NOT NULL;
  END IF;

  -- Money only moved between the accounts locked above: their sum cannot have changed, and only the
  -- market's may be below zero.
  IF (SELECT SUM(b) FROM unnest(v_balances) b) IS DISTINCT FROM (SELECT SUM(b) FROM unnest(v_opening) b)
    OR EXISTS (SELECT 1 FROM unnest(v_account_keys, v_balances) AS x(k, b) WHERE b < 0 AND x.k NOT LIKE ':market:%') THEN
    RAISE EXCEPTION 'ledger_movement: the batch does not balance';
  END IF;
  UPDATE ledger_accounts a SET balance_minor = moved.balance_minor
  FROM unnest(v_account_ids, v_balances, v_opening) AS moved(id, balance_minor, opening_minor)
  WHERE a.id = moved.id AND moved.balance_minor <> moved.opening_minor;

  RETURN to_jsonb(v_outcomes);
END
$$;
--> statement-breakpoint
-- A person's default category of p_key, creating their defaults when they have no category at all
-- yet (as ensureDefaultCategories does); null when they deleted that default.
CREATE OR REPLACE FUNCTION ledger_movement_category(p_user uuid, p_key text, p_defaults jsonb) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_category uuid;
BEGIN
  SELECT id INTO v_category FROM transaction_categories WHERE user_id = p_user AND key = p_key;
  IF FOUND THEN
    RETURN v_category;
  END IF;
  IF EXISTS (SELECT 1 FROM transaction_categories WHERE user_id = p_user) THEN
    RETURN NULL;
  END IF;
  INSERT INTO transaction_categories (user_id, key, color)
  SELECT p_user, d.key, d.color FROM jsonb_to_recordset(p_defaults) AS d(key text, color text)
  ON CONFLICT DO NOTHING;
  SELECT id INTO v_category FROM transaction_categories WHERE user_id = p_user AND key = p_key;
  RETURN v_category;
END
$$;
