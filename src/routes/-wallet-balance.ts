import { useWallet } from '@/features/wallet/api/get-wallet'

/**
 * The balance a checkout may offer to pay from (issue 24: "Wallet" when it covers the total); null until
 * the wallet has answered, so the wallet is never offered on a guess. Asked again on each checkout.
 */
export function useWalletBalance(): number | null {
  const wallet = useWallet()
  return wallet.data && !wallet.isError ? wallet.data.balance : null
}
