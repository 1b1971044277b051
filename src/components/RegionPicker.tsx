import type { Identifier } from 'react-admin';
import { RecordPicker } from './RecordPicker';

/**
 * For users above the region level (the platform admin): which region a region page
 * shows, like SchoolPicker for the school pages. The page keeps the choice (in its
 * address) and calls nothing until one is made.
 */
export const RegionPicker = ({
  regionId,
  onChange,
}: {
  regionId: Identifier | undefined;
  onChange: (regionId: Identifier | undefined) => void;
}) => (
  <RecordPicker
    resource="regions"
    value={regionId}
    onChange={onChange}
    label="app.schools.pickRegion"
    hint="app.schools.pickRegionHelp"
  />
);
