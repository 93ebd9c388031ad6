import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** A titled section of an account tab: a card whose heading names the region. */
export function SectionCard({
  title,
  description,
  icon: Icon,
  children,
  className,
  id,
}: {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  const titleId = useId();
  return (
    <Card id={id} role="region" aria-labelledby={titleId} className={className}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          {Icon ? <Icon aria-hidden="true" className="size-4 text-muted-foreground" /> : null}
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={cn('flex flex-col gap-4')}>{children}</CardContent>
    </Card>
  );
}
