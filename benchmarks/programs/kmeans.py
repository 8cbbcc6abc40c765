"""k-means (Lloyd's algorithm) with k-means++ seeding and several restarts: a broadcast
distance matrix, ``argmin`` assignments, per-cluster means, the inertia of the best run.

Size at scale 1: 20000 points in 5 dimensions drawn around 8 centres, k = 8,
3 restarts of at most 40 iterations.
"""


def kmeans_pp(np, rng, X, k):
    centers = [X[rng.integers(len(X))]]
    for _ in range(1, k):
        d2 = np.min(((X[:, None, :] - np.array(centers)[None]) ** 2).sum(axis=2), axis=1)
        probs = d2 / d2.sum()
        centers.append(X[rng.choice(len(X), p=probs)])
    return np.array(centers)


def lloyd(np, X, centers, max_iter=40, tol=1e-6):
    k = len(centers)
    n_iter = 0
    while n_iter < max_iter:
        n_iter += 1
        dist = ((X[:, None, :] - centers[None, :, :]) ** 2).sum(axis=-1)
        labels = np.argmin(dist, axis=1)
        new_centers = centers.copy()
        for j in range(k):
            members = X[labels == j]
            if len(members) > 0:
                new_centers[j] = members.mean(axis=0)
        shift = np.sqrt(((new_centers - centers) ** 2).sum(axis=1)).max()
        centers = new_centers
        if shift < tol:
            break
    dist = ((X[:, None, :] - centers[None, :, :]) ** 2).sum(axis=-1)
    labels = dist.argmin(axis=1)
    inertia = dist[np.arange(len(X)), labels].sum()
    return centers, labels, inertia, n_iter


def run(np, scale: float = 1.0) -> dict:
    rng = np.random.default_rng(3)
    n, d, k = max(400, int(20000 * scale)), 5, 8
    true_centers = rng.uniform(-6, 6, size=(k, d))
    assignment = rng.integers(0, k, size=n)
    X = true_centers[assignment] + rng.normal(scale=1.3, size=(n, d))

    best = None
    inertias, iterations = [], []
    for _restart in range(3):
        init = kmeans_pp(np, rng, X, k)
        centers, labels, inertia, n_iter = lloyd(np, X, init)
        inertias.append(inertia)
        iterations.append(n_iter)
        if best is None or inertia < best[2]:
            best = (centers, labels, inertia)

    centers, labels, inertia = best
    order = np.lexsort(centers.T[::-1])
    sizes = np.bincount(labels, minlength=k)
    return {
        "centers": centers[order],
        "cluster_sizes": np.sort(sizes),
        "labels": labels,
        "inertia": inertia,
        "inertias": inertias,
        "iterations": iterations,
    }
