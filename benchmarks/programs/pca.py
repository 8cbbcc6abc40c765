"""Principal component analysis by SVD: centring, ``np.linalg.svd`` of the data matrix,
explained-variance ratios, the number of components for 95% of the variance, projection
and reconstruction error; checked against ``np.linalg.eigh`` of the covariance matrix.

Size at scale 1: 6000 samples of 200 features (a rank-20 signal plus noise).
"""


def pca_svd(np, X, n_components):
    mean = X.mean(axis=0)
    Xc = X - mean
    U, S, Vt = np.linalg.svd(Xc, full_matrices=False)
    # deterministic signs: the largest loading of each component is positive
    signs = np.sign(Vt[np.arange(len(Vt)), np.argmax(np.abs(Vt), axis=1)])
    U, Vt = U * signs, Vt * signs[:, None]
    explained_variance = S**2 / (len(X) - 1)
    ratio = explained_variance / explained_variance.sum()
    scores = U[:, :n_components] * S[:n_components]
    return mean, Vt[:n_components], explained_variance, ratio, scores


def run(np, scale: float = 1.0) -> dict:
    rng = np.random.default_rng(4)
    n, d, rank = max(300, int(6000 * scale)), 200, 20
    latent = rng.normal(size=(n, rank)) * np.linspace(5, 1, rank)
    loadings = rng.normal(size=(rank, d))
    X = latent @ loadings + rng.normal(scale=0.5, size=(n, d)) + rng.uniform(-2, 2, size=d)

    mean, components, variance, ratio, scores = pca_svd(np, X, n_components=d)
    k = int(np.searchsorted(np.cumsum(ratio), 0.95)) + 1
    projected = (X - mean) @ components[:k].T
    reconstructed = projected @ components[:k] + mean
    error = np.mean((X - reconstructed) ** 2)

    cov = np.cov(X, rowvar=False)
    eigenvalues, eigenvectors = np.linalg.eigh(cov)
    eigenvalues = eigenvalues[::-1]
    alignment = np.abs(np.sum(eigenvectors[:, ::-1][:, :k] * components[:k].T, axis=0))
    return {
        "n_components_95": k,
        "explained_variance_ratio": ratio[:20],
        "singular_variance": variance[:k],
        "eigh_variance": eigenvalues[:k],
        "components": components[:k],
        "projected_head": projected[:50],
        "scores_head": scores[:50, :k],
        "reconstruction_mse": error,
        "alignment": alignment,
    }
