import { Card, Heading, PageFrame, Stack } from '@baridesk/ui';
import { ResourceForm, ResourceList } from '@baridesk/ui/resources';
import { insuranceCoordinatorsView } from '../insurance-coordinators-view';

/**
 * /add-insurance-coordinator: the spec gives coordinators no list path of their own, so this screen holds
 * both: the form that adds one (emptied after each), and below it the program's coordinators.
 */
export default function AddInsuranceCoordinatorScreen() {
  return (
    <PageFrame title="Insurance Coordinators">
      <Stack gap="6">
        <Card.Root as="section" aria-labelledby="add-coordinator-heading">
          <Card.Body>
            <Heading as="h2" id="add-coordinator-heading" size="md" mb="4">
              Add Insurance Coordinator
            </Heading>
            {/* The list below refreshes itself when the coordinator is saved. */}
            <ResourceForm view={insuranceCoordinatorsView} resetAfterSave />
          </Card.Body>
        </Card.Root>
        <section aria-labelledby="coordinators-heading">
          <Heading as="h2" id="coordinators-heading" size="md" mb="4">
            All Coordinators
          </Heading>
          <ResourceList view={insuranceCoordinatorsView} />
        </section>
      </Stack>
    </PageFrame>
  );
}
