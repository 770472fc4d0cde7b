// From points to the MiFID score: the share of the best possible total decides the level. A share under a
// quarter means the person does not yet have the knowledge or experience for complex products.
import { MIFID_SCORE } from '@lombard/shared/constants';

/** Lowest share of the maximum points for each score, best first. */
const THRESHOLDS: ReadonlyArray<readonly [number, number]> = [
  [0.85, MIFID_SCORE.veryExperienced],
  [0.65, MIFID_SCORE.experienced],
  [0.45, MIFID_SCORE.average],
  [0.25, MIFID_SCORE.inexperienced],
];

export function mifidScoreOf(points: number, maxPoints: number): number {
  if (maxPoints <= 0) return MIFID_SCORE.notPassed;
  const share = points / maxPoints;
  for (const [minimum, score] of THRESHOLDS) if (share >= minimum) return score;
  return MIFID_SCORE.notPassed;
}
