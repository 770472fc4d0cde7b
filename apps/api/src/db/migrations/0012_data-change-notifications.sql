-- Every change to what the API keeps in its read cache is announced on the `lombard_data` channel, by
-- the database itself, whoever writes: `u:<user id>` for a row that belongs to one customer, `g` for
-- data every customer's answers depend on (products, prices, settings). NOTIFY is delivered on commit,
-- once per distinct payload per transaction, to every instance that listens (lib/read-cache.ts).
CREATE OR REPLACE FUNCTION lombard_data_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
BEGIN
  IF TG_NARGS = 0 THEN
    PERFORM pg_notify('lombard_data', 'g');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    owner := to_jsonb(OLD) ->> TG_ARGV[0];
    IF owner IS NOT NULL THEN PERFORM pg_notify('lombard_data', 'u:' || owner); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    owner := to_jsonb(NEW) ->> TG_ARGV[0];
    IF owner IS NOT NULL THEN PERFORM pg_notify('lombard_data', 'u:' || owner); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lombard_data_users AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION lombard_data_notify('id');
--> statement-breakpoint
CREATE TRIGGER lombard_data_notifications AFTER INSERT OR UPDATE OR DELETE ON notifications FOR EACH ROW EXECUTE FUNCTION lombard_data_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER lombard_data_transactions AFTER INSERT OR UPDATE OR DELETE ON transactions FOR EACH ROW EXECUTE FUNCTION lombard_data_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER lombard_data_ledger_accounts AFTER INSERT OR UPDATE OR DELETE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION lombard_data_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER lombard_data_stock_plans AFTER INSERT OR UPDATE OR DELETE ON stock_plans FOR EACH ROW EXECUTE FUNCTION lombard_data_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER lombard_data_advances AFTER INSERT OR UPDATE OR DELETE ON advances FOR EACH ROW EXECUTE FUNCTION lombard_data_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER lombard_data_products AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION lombard_data_notify();
--> statement-breakpoint
CREATE TRIGGER lombard_data_product_navs AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_navs FOR EACH STATEMENT EXECUTE FUNCTION lombard_data_notify();
--> statement-breakpoint
CREATE TRIGGER lombard_data_settings AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings FOR EACH STATEMENT EXECUTE FUNCTION lombard_data_notify();
