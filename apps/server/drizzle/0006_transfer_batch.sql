-- Transfers between people, many at once, in one statement: see docs/decisions/0012-transfers-in-batches.md.
--
-- p_items: a JSON array of transfers, each prepared by the server (apps/server/src/modules/transfers/batch.ts):
--   key, requestHash (null key: nothing kept), senderId, recipientId, amountMinor, currency, now,
--   keyExpiresAt, dayStartsAt, checkDaily (the sender is unverified), checkPin (above the no-PIN
--   amount in a session without the PIN), ledgerBatchId, and the rows to write as their columns:
--   sent and received (transactions, category_id left to this function), notification, audit;
--   answer: the response body, whose transaction.categoryId this function fills in.
-- p_settings: unverifiedDailyMinor, outgoingKinds, ledgerCode, categoryKey, defaultCategories.
-- Returns one outcome per item, in order: {statusCode, body, sentCategoryId, receivedCategoryId}
-- when it moved money, {replayed: true, statusCode, body} for a kept answer, or {error, ...}
-- (insufficient_balance, limit_exceeded with remainingMinor, pin_required,
-- idempotency_conflict, wallet_error) when it moved nothing. A refusal writes nothing; anything
-- unexpected raises, and the whole batch rolls back.
CREATE FUNCTION transfer_batch(p_items jsonb, p_settings jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_outcomes jsonb := '[]'::jsonb;
  v_item jsonb;
  v_payers uuid[];
  v_account_ids bigint[];
  v_account_keys text[];
  v_balances bigint[];
  v_opening bigint[];
  v_sender uuid;
  v_recipient uuid;
  v_amount bigint;
  v_currency text;
  v_now timestamptz;
  v_from int;
  v_to int;
  v_kept record;
  v_sent_minor bigint;
  v_remaining bigint;
  v_sent_category uuid;
  v_received_category uuid;
  v_answer jsonb;
  v_daily_minor bigint := (p_settings->>'unverifiedDailyMinor')::bigint;
  v_outgoing_kinds text[] := ARRAY(SELECT jsonb_array_elements_text(p_settings->'outgoingKinds'));
  v_category_key text := p_settings->>'categoryKey';
BEGIN
  -- Payers first, ascending, as every outgoing payment locks its payer before its accounts: the
  -- daily limit reads what each sent. A payer whose account is gone is not among them.
  SELECT COALESCE(array_agg(payer.id), '{}') INTO v_payers FROM (
    SELECT id, deleted_at FROM users
    WHERE id IN (SELECT (item->>'senderId')::uuid FROM jsonb_array_elements(p_items) item)
    ORDER BY id FOR NO KEY UPDATE
  ) payer WHERE payer.deleted_at IS NULL;

  -- A recipient's first money in a currency opens their wallet account in it.
  INSERT INTO ledger_accounts (owner_id, kind, currency, allow_negative)
  SELECT DISTINCT (item->>'recipientId')::uuid, 'wallet_available', item->>'currency', false
  FROM jsonb_array_elements(p_items) item
  WHERE NOT EXISTS (
    SELECT 1 FROM ledger_accounts a
    WHERE a.owner_id = (item->>'recipientId')::uuid AND a.kind = 'wallet_available'
      AND a.currency = item->>'currency')
  ON CONFLICT DO NOTHING;

  -- Every wallet account of the batch, locked in ascending id order so that no two movements can
  -- wait on each other in a cycle; balances are then kept here and written once at the end.
  SELECT array_agg(locked.id), array_agg(locked.owner_id::text || ':' || locked.currency),
    array_agg(locked.balance_minor)
  INTO v_account_ids, v_account_keys, v_balances
  FROM (
    SELECT a.id, a.owner_id, a.currency, a.balance_minor FROM ledger_accounts a
    WHERE a.kind = 'wallet_available' AND (a.owner_id, a.currency) IN (
      SELECT (item->>'senderId')::uuid, item->>'currency' FROM jsonb_array_elements(p_items) item
      UNION
      SELECT (item->>'recipientId')::uuid, item->>'currency' FROM jsonb_array_elements(p_items) item)
    ORDER BY a.id FOR UPDATE
  ) locked;
  v_opening := v_balances;

  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    v_sender := (v_item->>'senderId')::uuid;
    v_recipient := (v_item->>'recipientId')::uuid;
    v_amount := (v_item->>'amountMinor')::bigint;
    v_currency := v_item->>'currency';
    v_now := (v_item->>'now')::timestamptz;

    IF v_item->>'key' IS NOT NULL THEN
      SELECT request_hash, status_code, response, expires_at INTO v_kept FROM idempotency_keys
      WHERE scope = v_sender::text AND key = v_item->>'key';
      IF FOUND AND v_kept.expires_at < v_now THEN
        DELETE FROM idempotency_keys WHERE scope = v_sender::text AND key = v_item->>'key';
      ELSIF FOUND AND v_kept.request_hash <> v_item->>'requestHash' THEN
        v_outcomes := v_outcomes || jsonb_build_array(jsonb_build_object('error', 'idempotency_conflict'));
        CONTINUE;
      ELSIF FOUND THEN
        v_outcomes := v_outcomes || jsonb_build_array(jsonb_build_object(
          'replayed', true, 'statusCode', v_kept.status_code, 'body', v_kept.response));
        CONTINUE;
      END IF;
    END IF;

    IF NOT v_sender = ANY (v_payers) THEN
      v_outcomes := v_outcomes || jsonb_build_array(jsonb_build_object('error', 'wallet_error'));
      CONTINUE;
    END IF;

    IF (v_item->>'checkDaily')::boolean THEN
      SELECT COALESCE(SUM(amount_minor), 0) INTO v_sent_minor FROM transactions
      WHERE user_id = v_sender AND currency = v_currency AND kind = ANY (v_outgoing_kinds)
        AND status <> 'failed' AND created_at > (v_item->>'dayStartsAt')::timestamptz;
      v_remaining := GREATEST(0, v_daily_minor - v_sent_minor);
      IF v_amount > v_remaining THEN
        v_outcomes := v_outcomes || jsonb_build_array(jsonb_build_object(
          'error', 'limit_exceeded', 'remainingMinor', v_remaining));
        CONTINUE;
      END IF;
    END IF;

    IF (v_item->>'checkPin')::boolean AND EXISTS (SELECT 1 FROM user_pins WHERE user_id = v_sender) THEN
      v_outcomes := v_outcomes || jsonb_build_array(jsonb_build_object('error', 'pin_required'));
      CONTINUE;
    END IF;

    v_from := array_position(v_account_keys, v_sender::text || ':' || v_currency);
    v_to := array_position(v_account_keys, v_recipient::text || ':' || v_currency);
    IF v_to IS NULL THEN
      RAISE EXCEPTION 'transfer_batch: the recipient''s wallet account was not locked';
    END IF;
    IF v_from IS NULL OR v_balances[v_from] < v_amount THEN
      v_outcomes := v_outcomes || jsonb_build_array(jsonb_build_object('error', 'insufficient_balance'));
      CONTINUE;
    END IF;
    v_balances[v_from] := v_balances[v_from] - v_amount;
    v_balances[v_to] := v_balances[v_to] + v_amount;

    INSERT INTO ledger_transfers (batch_id, debit_account_id, credit_account_id, amount_minor, currency, code, state)
    VALUES ((v_item->>'ledgerBatchId')::uuid, v_account_ids[v_from], v_account_ids[v_to], v_amount,
      v_currency, p_settings->>'ledgerCode', 'posted');

    v_sent_category := transfer_batch_category(v_sender, v_category_key, p_settings->'defaultCategories');
    v_received_category := transfer_batch_category(v_recipient, v_category_key, p_settings->'defaultCategories');
    INSERT INTO transactions
    SELECT * FROM jsonb_populate_recordset(NULL::transactions, jsonb_build_array(
      jsonb_set(v_item->'sent', '{category_id}', COALESCE(to_jsonb(v_sent_category), 'null'::jsonb)),
      jsonb_set(v_item->'received', '{category_id}', COALESCE(to_jsonb(v_received_category), 'null'::jsonb))));
    INSERT INTO notifications SELECT * FROM jsonb_populate_record(NULL::notifications, v_item->'notification');
    INSERT INTO audit_log SELECT * FROM jsonb_populate_record(NULL::audit_log, v_item->'audit');

    v_answer := jsonb_set(v_item->'answer', '{transaction,categoryId}',
      COALESCE(to_jsonb(v_sent_category), 'null'::jsonb));
    IF v_item->>'key' IS NOT NULL THEN
      INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response, created_at, expires_at)
      VALUES (v_sender::text, v_item->>'key', v_item->>'requestHash', 201, v_answer, v_now,
        (v_item->>'keyExpiresAt')::timestamptz);
    END IF;
    v_outcomes := v_outcomes || jsonb_build_array(jsonb_build_object(
      'statusCode', 201, 'body', v_answer,
      'sentCategoryId', v_sent_category, 'receivedCategoryId', v_received_category));
  END LOOP;

  -- Money only moved between the accounts locked above: their sum cannot have changed.
  IF (SELECT SUM(b) FROM unnest(v_balances) b) IS DISTINCT FROM (SELECT SUM(b) FROM unnest(v_opening) b)
    OR EXISTS (SELECT 1 FROM unnest(v_balances) b WHERE b < 0) THEN
    RAISE EXCEPTION 'transfer_batch: the batch does not balance';
  END IF;
  UPDATE ledger_accounts a SET balance_minor = moved.balance_minor
  FROM unnest(v_account_ids, v_balances, v_opening) AS moved(id, balance_minor, opening_minor)
  WHERE a.id = moved.id AND moved.balance_minor <> moved.opening_minor;

  RETURN v_outcomes;
END
$$;
--> statement-breakpoint
-- A person's default category of p_key, creating their defaults when they have no category at all
-- yet (as ensureDefaultCategories does); null when they deleted that default.
CREATE FUNCTION transfer_batch_category(p_user uuid, p_key text, p_defaults jsonb) RETURNS uuid
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
