import { useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSubscription } from '@/lib/use-subscription';
import { useLeaveGuard } from '@/components/leave-guard';
import { PageHeader } from '@/components/page-header';
import { UpgradePrompt } from '@/components/upgrade-prompt';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useCreateProperty } from '../api/use-create-property';
import { PROPERTY_FORM_FIELDS, PropertyForm } from '../components/property-form';

export default function NewPropertyPage() {
  useDocumentTitle('Add Property');
  const navigate = useNavigate();
  const subscription = useSubscription();
  const create = useCreateProperty();
  const backToList = () => navigate('/properties');
  const [dirty, setDirty] = useState(false);
  const { guard, release } = useLeaveGuard(dirty);

  // Known to be at the plan's limit (and not mid-save, when the new count arrives early).
  const blocked = subscription.isLoaded && !subscription.canCreateProperty && !create.isPending && !create.isSuccess;

  return (
    <div className="mx-auto max-w-3xl">
      <Button asChild variant="link" className="mb-2 h-auto px-0">
        <Link to="/properties">
          <ArrowLeft aria-hidden="true" /> Back to Properties
        </Link>
      </Button>
      <PageHeader
        title="Add New Property"
        description={blocked ? undefined : 'Enter the property’s address and who manages it on site.'}
      />
      {blocked ? (
        <UpgradePrompt
          feature="Unlimited Properties"
          description={`Free accounts are limited to ${subscription.status.propertyLimit} property. Upgrade to Firemark Pro to add as many as you manage.`}
        />
      ) : (
        <Card>
          <CardContent className="pt-6">
            <PropertyForm
              submitLabel="Add Property"
              pendingLabel="Adding..."
              isPending={create.isPending}
              onCancel={backToList}
              onDirtyChange={setDirty}
              onSubmit={(values, setError) =>
                create.mutate(values, {
                  // The new property opens, to schedule its first inspection from there.
                  onSuccess: (saved) => {
                    release();
                    navigate(`/properties/${saved.id}`);
                  },
                  onError: (error) => applyServerFieldErrors(error, setError, PROPERTY_FORM_FIELDS),
                })
              }
            />
          </CardContent>
        </Card>
      )}
      {guard}
    </div>
  );
}
