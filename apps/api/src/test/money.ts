// The money scene of the transactions tests (investors, deposits, a movable clock), for the tests of
// features built on money (advances, stock plans): modules reach each other only through services.
export { type Investor, type MoneyFixture, moneyFixture } from '../modules/transactions/money-fixture';
