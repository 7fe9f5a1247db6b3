import { useState } from 'react';
import { HelpCircle, History, Mail } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ContactTab } from './contact-tab';
import { FaqList } from './faq-list';
import { MyRequestsTab } from './my-requests-tab';

interface HelpDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function HelpDialog({ open, onOpenChange }: HelpDialogProps) {
  const [tab, setTab] = useState('contact');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Help &amp; Support</DialogTitle>
          <DialogDescription>Contact our team, follow your requests, or find a quick answer.</DialogDescription>
        </DialogHeader>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="w-full">
            <TabsTrigger className="px-2 sm:px-3" value="contact">
              <Mail aria-hidden="true" className="hidden size-4 sm:block" />
              Contact
            </TabsTrigger>
            <TabsTrigger className="px-2 sm:px-3" value="requests">
              <History aria-hidden="true" className="hidden size-4 sm:block" />
              My Requests
            </TabsTrigger>
            <TabsTrigger className="px-2 sm:px-3" value="faq">
              <HelpCircle aria-hidden="true" className="hidden size-4 sm:block" />
              FAQ
            </TabsTrigger>
          </TabsList>
          <TabsContent value="contact">
            {/* SPEC 4: after a request is sent, the form resets and the history is shown. */}
            <ContactTab onSubmitted={() => setTab('requests')} />
          </TabsContent>
          {/* Radix mounts only the active panel, so the history is fetched only while its tab is open (SPEC 2). */}
          <TabsContent value="requests">
            <MyRequestsTab />
          </TabsContent>
          <TabsContent value="faq">
            <FaqList />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
