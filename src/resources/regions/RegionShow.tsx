import {
  Alert,
  Box,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  Card,
  CardContent,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LinkBase, useDataProvider, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import { ReportView } from '../../custom-pages/school-dashboard/ReportView';

/** /region-admin/:id: a region's numbers and charts, and its schools, each opening /region-admin/:id/:school_id. */
const RegionShow = () => {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, error } = useQuery({
    queryKey: ['schools', 'regionSchools', id],
    queryFn: () => dataProvider.getRegionSchools(id, { limit: 100, order_by: 'name', order_direction: 'asc' }),
  });
  if (error)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {translate((error as Error).message)}
      </Alert>
    );
  return (
    <Box>
      <ReportView
        target={{ level: 'region', regionId: id }}
        title={(r) => translate('app.schools.report.regionTitle', { name: r.region?.name ?? '' })}
      />
      <Card component="section" aria-label={translate('app.regions.schools')}>
        <CardContent>
          <Typography variant="subtitle1" component="h2">
            {translate('app.regions.schools')} ({data?.count ?? 0})
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                {['name', 'city', 'students_count', 'teachers_count', 'seats_approved', 'seats_free'].map((f) => (
                  <TableCell key={f}>{translate(`resources.schools.fields.${f}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.schools.map((s) => (
                <TableRow key={String(s.id)} hover>
                  <TableCell>
                    <LinkBase to={`/region-admin/${id}/${s.id}`}>{String(s.name)}</LinkBase>
                  </TableCell>
                  <TableCell>{String(s.city ?? '')}</TableCell>
                  <TableCell>{String(s.students_count)}</TableCell>
                  <TableCell>{String(s.teachers_count)}</TableCell>
                  <TableCell>{String(s.seats_approved)}</TableCell>
                  <TableCell>{String(s.seats_free)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </Box>
  );
};

export default RegionShow;
