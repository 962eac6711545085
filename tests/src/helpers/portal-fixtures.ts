import type { App, AppDetails } from '../../../src/contract/apps'
import type { ClientOverview, ClientProjectCard, ProjectOverview } from '../../../src/contract/portal'
import type { Ticket, TicketDetail } from '../../../src/contract/support'

export const dana = { first_name: 'Dana', last_name: 'Mercer' }
export const sami = { first_name: 'Sami', last_name: 'Haddad' }

export function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 11,
    project: 3,
    title: 'Checkout times out',
    description: 'Confirming a large cart fails after 30 seconds.',
    status: 'open',
    priority: 'high',
    is_overdue: false,
    created_by: dana,
    created_at: '2026-03-02T10:00:00Z',
    updated_at: '2026-03-02T10:00:00Z',
    assigned_to: null,
    category: { id: 1, name: 'Bug Report' },
    due_date: '2026-03-03T10:00:00Z',
    ...overrides,
  }
}

export function ticketDetail(overrides: Partial<TicketDetail> = {}): TicketDetail {
  return {
    ...ticket(),
    comments: [
      {
        id: 1,
        ticket: 11,
        author: { ...sami, is_staff: true },
        content: 'We reproduced it.',
        is_internal: false,
        created_at: '2026-03-02T12:00:00Z',
        client_ref: null,
      },
    ],
    attachments: [
      {
        id: 5,
        ticket: 11,
        file_name: 'log.txt',
        file_size: 2048,
        file: 'http://localhost/api/support/attachments/5/download/',
        uploaded_by: dana,
        uploaded_at: '2026-03-02T10:00:00Z',
      },
    ],
    activities: [
      {
        id: 1,
        ticket: 11,
        activity_type: 'created',
        performed_by: dana,
        description: 'Ticket created',
        old_value: null,
        new_value: 'new',
        created_at: '2026-03-02T10:00:00Z',
      },
      {
        id: 2,
        ticket: 11,
        activity_type: 'escalated',
        performed_by: sami,
        description: 'Escalated to the platform team',
        old_value: null,
        new_value: null,
        created_at: '2026-03-02T11:00:00Z',
      },
    ],
    ...overrides,
  }
}

export function project(overrides: Partial<ProjectOverview> = {}): ProjectOverview {
  return {
    id: 3,
    name: 'Atlas Commerce Platform',
    key: 'ATLAS',
    description: 'Multi-vendor e-commerce platform.',
    logo: null,
    status: 'active',
    priority: 'high',
    start_date: '2026-01-01',
    end_date: '2026-03-01',
    members_count: 6,
    user_stories_count: 8,
    progress: 62,
    website_url: 'https://atlas.example.com',
    dashboard_url: null,
    links: [{ link_type: 'website', url: 'https://atlas.example.com', title: 'Storefront' }],
    financial: {
      total_budget: 48000,
      amount_paid: 15000,
      remaining_budget: 33000,
      progress_percentage: 31.3,
    },
    milestones: [
      {
        id: 1,
        title: 'Discovery',
        description: 'Workshops.',
        amount: 6000,
        status: 'paid',
        due_date: '2026-01-10',
        order: 1,
      },
      {
        id: 2,
        title: 'Build',
        description: '',
        amount: 15000,
        status: 'pending',
        due_date: '2026-02-10',
        order: 3,
      },
      {
        id: 3,
        title: 'Payments',
        description: '',
        amount: 8000,
        status: 'overdue',
        due_date: '2026-01-30',
        order: 2,
      },
    ],
    ...overrides,
  }
}

export function projectCard(overrides: Partial<ClientProjectCard> = {}): ClientProjectCard {
  return {
    id: 1,
    project: 3,
    project_name: 'Atlas Commerce Platform',
    project_logo: null,
    logo: null,
    description: 'Storefront and vendor console.',
    created_at: '2026-01-01T00:00:00Z',
    project_key: 'ATLAS',
    access_level: 'admin',
    project_status: 'active',
    ...overrides,
  }
}

export function app(overrides: Partial<App> = {}): App {
  return {
    id: 1,
    name: 'Order Alerts',
    description: 'Order text messages.',
    status: 'active',
    created_at: '2026-01-05T00:00:00Z',
    api_key: 'cyk_1234567890abcdef',
    client: { company_name: 'Demo Company' },
    subscriptions: [],
    ...overrides,
  }
}

/** GET /api/client/apps/{id}/ for one app: full key, figures from delivery records, 30 days of counts. */
export function appDetails(overrides: Partial<AppDetails> = {}): AppDetails {
  const days = Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10),
    sms: i === 29 ? 3 : 0,
    email: i === 10 ? 2 : 0,
    whatsapp: 0,
    segments: i === 29 ? 4 : i === 10 ? 2 : 0,
  }))
  return {
    id: 1,
    name: 'Order Alerts',
    description: 'Order text messages.',
    status: 'active',
    api_key: 'cyk_0123456789abcdef0123456789abcdef0123456789abcdef',
    test_api_key: 'cyk_test_fedcba9876543210fedcba9876543210fedcba9876543210',
    callback_url: null,
    created_at: '2026-01-05T00:00:00Z',
    client: { company_name: 'Demo Company' },
    statistics: {
      total_messages: 40,
      active_subscriptions: 1,
      delivered: 36,
      failed: 2,
      pending: 2,
      segments: 44,
      delivery_rate: 94.7,
      average_response_seconds: 1.42,
      uptime: 97.5,
      messages_this_month: 5,
      messages_last_month: 35,
    },
    daily_messages: days,
    subscriptions: [
      {
        id: 7,
        package_type: 'sms',
        package_name: 'SMS Msg Pro',
        messages_used: 40,
        messages_limit: 300000,
        usage_percentage: 0,
        start_date: '2026-01-05T00:00:00Z',
        end_date: '2027-01-05T00:00:00Z',
      },
    ],
    recent_messages: [
      {
        id: 90,
        type: 'sms',
        sent_to: '+13125550199',
        subject: null,
        status: 'delivered',
        segments: 1,
        test: false,
        created_at: '2026-11-30T10:00:00Z',
      },
    ],
    pending_order_id: null,
    ...overrides,
  }
}

export const overview: ClientOverview = {
  client: { user: dana, company_name: 'Demo Company', contacts_count: 51 },
  overview: { total_apps: 4, active_projects: 1, success_rate: 95.8 },
  trends: { total_apps: 33.3, active_projects: -50, contacts: 0, success_rate: null },
}
