import { STAGES, formatAmount, formatDate } from '@baridesk/domain';

/** Who a message was for, in words: "3 chosen patients", "Patients matching: stage Pre-Op, tag 4". */
export function describeAudience(audience: { patient_ids?: number[] | undefined; filter?: Record<string, string | number> | undefined }): string {
  if (audience.patient_ids) return `${formatAmount(audience.patient_ids.length)} chosen ${audience.patient_ids.length === 1 ? 'patient' : 'patients'}`;
  const filter = audience.filter ?? {};
  const parts: string[] = [];
  if (filter.search) parts.push(`“${filter.search}”`);
  if (filter.stage) parts.push(`stage ${STAGES.find((s) => String(s.id) === String(filter.stage))?.label ?? filter.stage}`);
  if (filter.tag) parts.push('a tag');
  if (filter.coordinator) parts.push('an insurance coordinator');
  if (filter.surgery_from) parts.push(`surgery from ${formatDate(String(filter.surgery_from))}`);
  if (filter.surgery_to) parts.push(`surgery until ${formatDate(String(filter.surgery_to))}`);
  return parts.length ? `Active patients matching ${parts.join(', ')}` : 'All active patients';
}
