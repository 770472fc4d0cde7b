// The periodic statements other modules and the seed reach: the statement of assets of a quarter.
export { issueAssetStatement } from './asset-statement';
export { quarterOfDay } from './quarters';
