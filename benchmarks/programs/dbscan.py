"""DBSCAN clustering: a distance matrix, neighbourhoods by ``np.where``, and cluster
expansion by a breadth-first search over points in Python (a deque of indices).

Size at scale 1: 3000 2-D points (three blobs, two rings' worth of arcs and noise),
eps = 0.3, min_samples = 6.
"""

from collections import deque


def dbscan(np, X, eps, min_samples):
    n = len(X)
    sq = (X**2).sum(axis=1)
    d2 = sq[:, None] + sq[None, :] - 2 * X @ X.T
    neighbours = [np.where(d2[i] <= eps**2)[0] for i in range(n)]
    core = np.array([len(nb) >= min_samples for nb in neighbours])
    labels = np.full(n, -1)
    cluster = 0
    for i in range(n):
        if labels[i] != -1 or not core[i]:
            continue
        labels[i] = cluster
        queue = deque([i])
        while queue:
            p = queue.popleft()
            if not core[p]:
                continue
            for q in neighbours[p]:
                if labels[q] == -1:
                    labels[q] = cluster
                    queue.append(q)
        cluster += 1
    return labels, core


def run(np, scale: float = 1.0) -> dict:
    rng = np.random.default_rng(12)
    n = max(150, int(3000 * scale))
    n_blob, n_arc = n // 5, n // 5
    blobs = [rng.normal(loc=c, scale=0.25, size=(n_blob, 2)) for c in ([0, 0], [3, 3], [3, -2])]
    angles = rng.uniform(0, np.pi, size=n_arc)
    arc = np.c_[-3 + 2 * np.cos(angles), 2 * np.sin(angles)] + rng.normal(scale=0.08,
                                                                           size=(n_arc, 2))
    noise = rng.uniform(-6, 6, size=(n - 3 * n_blob - n_arc, 2))
    X = np.concatenate([*blobs, arc, noise])

    labels, core = dbscan(np, X, eps=0.3, min_samples=6)
    n_clusters = labels.max() + 1
    sizes = np.bincount(labels[labels >= 0])
    return {
        "labels": labels,
        "n_clusters": n_clusters,
        "cluster_sizes": sizes,
        "n_noise": int(np.sum(labels == -1)),
        "n_core": core.sum(),
        "centroids": np.array([X[labels == c].mean(axis=0) for c in range(n_clusters)]),
    }
