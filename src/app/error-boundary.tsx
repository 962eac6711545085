import { Component, type ErrorInfo, type ReactNode } from 'react'
import { CrashScreen } from '@/components/crash-screen'

/** Catches render errors outside the router (providers, layout) and shows the crash screen. */
export class RootErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled render error', error, info.componentStack)
  }

  override render() {
    return this.state.failed ? <CrashScreen /> : this.props.children
  }
}
