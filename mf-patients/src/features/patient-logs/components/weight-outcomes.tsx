import type { WeightChart } from '@baridesk/contracts';
import { formatAmount, formatDate, REFERENCE_BMI } from '@baridesk/domain';
import { Box, Heading, Text } from '@baridesk/ui';

/** "—" when a measure cannot be computed (no height, no baseline, no excess weight). */
const shown = (value: number | null, suffix = '') => (value === null ? '—' : `${formatAmount(value)}${suffix}`);

/** The standard bariatric outcome measures, each with its one-line definition (as packages/domain computes them). */
const MEASURES = [
  {
    key: 'bmi',
    label: 'BMI',
    suffix: '',
    help: 'Body mass index at the current weight: 703 × weight (lb) ÷ height (in)².',
  },
  {
    key: 'percent_twl',
    label: '%TWL',
    suffix: '%',
    help: 'Percent total weight loss: (baseline − current weight) ÷ baseline weight × 100.',
  },
  {
    key: 'percent_ewl',
    label: '%EWL',
    suffix: '%',
    help: `Percent excess weight loss: weight lost ÷ (baseline weight − weight at BMI ${REFERENCE_BMI}) × 100.`,
  },
  {
    key: 'percent_ebmil',
    label: '%EBMIL',
    suffix: '%',
    help: `Percent excess BMI loss: (baseline BMI − current BMI) ÷ (baseline BMI − ${REFERENCE_BMI}) × 100.`,
  },
] as const;

const BASELINE_SOURCES = { starting_weight: 'starting weight', first_log: 'first weigh-in' } as const;

function Term({ label, value, help }: { label: string; value: string; help?: string }) {
  return (
    <>
      <Text as="dt" fontWeight="semibold">
        {label}
      </Text>
      <Box as="dd" mb="2">
        <Text fontSize="lg">{value}</Text>
        {help ? (
          <Text fontSize="xs" color="fg.muted">
            {help}
          </Text>
        ) : null}
      </Box>
    </>
  );
}

/** Baseline, current and goal weight, and the outcome measures of the current weight against the baseline. */
export function WeightOutcomes({ chart }: { chart: WeightChart }) {
  const { baseline, current, goal, outcomes } = chart;
  const baselineText = baseline
    ? `${formatAmount(baseline.weight)} lb${baseline.date ? ` on ${formatDate(baseline.date)}` : ''} (${BASELINE_SOURCES[baseline.source]}${baseline.date ? '' : ', date not recorded'})`
    : 'None yet: add a starting weight to the patient or log a weight.';
  return (
    <Box>
      <Heading as="h2" size="md" mb="3">
        Outcomes
      </Heading>
      <Box as="dl">
        <Term label="Baseline weight" value={baselineText} help="What the measures count from." />
        <Term
          label="Current weight"
          value={current ? `${formatAmount(current.weight)} lb${current.date ? ` on ${formatDate(current.date)}` : ''}` : '—'}
        />
        <Term label="Weight lost" value={shown(outcomes.weight_lost, ' lb')} help="Baseline − current weight; negative when weight was gained." />
        <Term
          label="Goal weight"
          value={goal.weight === null ? '—' : `${formatAmount(goal.weight)} lb${goal.remaining === null ? '' : ` (${formatAmount(goal.remaining)} lb to go)`}`}
        />
        {MEASURES.map((measure) => (
          <Term key={measure.key} label={measure.label} value={shown(outcomes[measure.key], measure.suffix)} help={measure.help} />
        ))}
      </Box>
    </Box>
  );
}
