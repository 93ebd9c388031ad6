/**
 * Work that must wait until the next screen is showing: signing out or leaving the demo from a
 * screen that needs sign-in. Done at once, that screen would see its visitor go and send them
 * to the sign-in page itself, racing the navigation the action asked for. RootShell runs these
 * after every navigation.
 */
const pending: Array<() => void> = [];

export function afterNextNavigation(task: () => void): void {
  pending.push(task);
}

export function runAfterNavigationTasks(): void {
  for (const task of pending.splice(0)) task();
}
